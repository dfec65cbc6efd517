/**
 * Sample upcoming events, seeded on first start. Their dates are set when the
 * database is seeded, a number of days ahead (on a fitting weekday, at a local
 * hour in EVENT_TIME_ZONE), so a new site always shows upcoming events.
 * Prices in dollars.
 */

/** The ministry's home (Wilmington, Delaware): the local hours below are its clock. */
export const EVENT_TIME_ZONE = 'America/New_York';

/** Sunday 0 … Saturday 6, as Date#getDay. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

export interface EventSeed {
  title: string;
  description: string;
  photo: string;
  /** The event is on the first `weekday` at least `daysAhead` days after seeding, at `time` ('HH:mm', local). */
  schedule: { daysAhead: number; weekday: Weekday; time: string };
  seat_price: number;
  numberOfSeats: number;
  /** Where: the name of one of the sample churches, or a venue's address. */
  place: { church: string } | { venue: string };
  durationMinutes: number;
  /** What kind of event it is: the calendar and its feeds filter by it. */
  category: string;
}

const HQ = 'Luminaries Harbor Light (Headquarters)';

export const eventSeeds: EventSeed[] = [
  {
    title: 'Luminaries Annual Conference',
    description:
      'Three days of worship, teaching and prayer with Apostle Samuel and guest ministers from five nations. Sessions for youth, couples and ministers, with children’s church on site.',
    photo: '/media/event-1.svg',
    schedule: { daysAhead: 63, weekday: 4, time: '18:00' },
    seat_price: 45,
    numberOfSeats: 300,
    place: { church: HQ },
    durationMinutes: 180,
    category: 'Conference',
  },
  {
    title: 'Night of Worship',
    description:
      'An evening of praise led by the Luminaries choir and band, with a time of prayer for the sick and for families. Doors open one hour before.',
    photo: '/media/event-2.svg',
    schedule: { daysAhead: 17, weekday: 5, time: '19:30' },
    seat_price: 15,
    numberOfSeats: 180,
    place: { church: 'Luminaries Philadelphia' },
    durationMinutes: 150,
    category: 'Worship',
  },
  {
    title: 'Women of Light Retreat',
    description:
      'A weekend retreat for women hosted by Pastor Grace: rest, the Word, mentoring circles and a gala dinner on Saturday evening. Meals included.',
    photo: '/media/event-3.svg',
    schedule: { daysAhead: 98, weekday: 5, time: '10:00' },
    seat_price: 120,
    numberOfSeats: 60,
    place: { venue: 'Brandywine Retreat Center, 2100 Creek Road, Chadds Ford, PA 19317, United States' },
    durationMinutes: 480,
    category: 'Retreat',
  },
  {
    title: 'Marriage Enrichment Seminar',
    description:
      'A day for couples, engaged and married, on communication, finances and faith at home, with practical workshops and a shared lunch.',
    photo: '/media/event-4.svg',
    schedule: { daysAhead: 31, weekday: 6, time: '09:30' },
    seat_price: 35,
    numberOfSeats: 80,
    place: { church: 'Luminaries Baltimore' },
    durationMinutes: 420,
    category: 'Family',
  },
  {
    title: 'Youth Ablaze Camp',
    description:
      'Five days of camp for ages 13 to 19: worship nights, sports, mentoring and service projects in the city. Parental consent required on arrival.',
    photo: '/media/event-5.svg',
    schedule: { daysAhead: 178, weekday: 1, time: '08:00' },
    seat_price: 150,
    numberOfSeats: 120,
    place: { venue: 'Camp Pecometh, 136 Bayside Drive, Centreville, MD 21617, United States' },
    durationMinutes: 600,
    category: 'Youth',
  },
  {
    title: 'Leaders’ Breakfast with the Apostle',
    description:
      'An intimate breakfast for ministry leaders and professionals with Apostle Samuel: vision for the year ahead and questions answered. Very limited seating.',
    photo: '/media/event-6.svg',
    schedule: { daysAhead: 10, weekday: 6, time: '08:00' },
    seat_price: 60,
    numberOfSeats: 3,
    place: { church: HQ },
    durationMinutes: 120,
    category: 'Leadership',
  },
];
