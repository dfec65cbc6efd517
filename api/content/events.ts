/** Sample upcoming events, seeded on first start (dates in the future, prices in dollars). */
export interface EventSeed {
  title: string;
  description: string;
  photo: string;
  /** ISO date-time with offset. */
  event_date: string;
  seat_price: number;
  numberOfSeats: number;
}

export const eventSeeds: EventSeed[] = [
  { title: 'Luminaries Conference 2027', description: 'Three days of worship, teaching and prayer with Apostle Samuel and guest ministers from five nations. Sessions for youth, couples and ministers, with children’s church on site.', photo: '/media/event-1.svg', event_date: '2027-03-18T18:00:00-05:00', seat_price: 45, numberOfSeats: 300 },
  { title: 'Night of Worship', description: 'An evening of praise led by the Luminaries choir and band, with a time of prayer for the sick and for families. Doors open one hour before.', photo: '/media/event-2.svg', event_date: '2027-01-29T19:30:00-05:00', seat_price: 15, numberOfSeats: 180 },
  { title: 'Women of Light Retreat', description: 'A weekend retreat for women hosted by Pastor Grace: rest, the Word, mentoring circles and a gala dinner on Saturday evening. Meals included.', photo: '/media/event-3.svg', event_date: '2027-04-23T10:00:00-05:00', seat_price: 120, numberOfSeats: 60 },
  { title: 'Marriage Enrichment Seminar', description: 'A day for couples, engaged and married, on communication, finances and faith at home, with practical workshops and a shared lunch.', photo: '/media/event-4.svg', event_date: '2027-02-13T09:30:00-05:00', seat_price: 35, numberOfSeats: 80 },
  { title: 'Youth Ablaze Camp', description: 'Five days of camp for ages 13 to 19: worship nights, sports, mentoring and service projects in the city. Parental consent required on arrival.', photo: '/media/event-5.svg', event_date: '2027-07-12T08:00:00-05:00', seat_price: 150, numberOfSeats: 120 },
  { title: 'Leaders’ Breakfast with the Apostle', description: 'An intimate breakfast for ministry leaders and professionals with Apostle Samuel: vision for the year ahead and questions answered. Very limited seating.', photo: '/media/event-6.svg', event_date: '2027-01-16T08:00:00-05:00', seat_price: 60, numberOfSeats: 3 },
];
