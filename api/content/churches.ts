/** Sample church locations, seeded on first start. */
export interface ServiceSeed {
  name: string;
  /** Sunday 0 … Saturday 6. */
  weekday: number;
  /** 'HH:mm', local time. */
  time: string;
  language: string;
}

export interface ChurchSeed {
  church_name: string;
  adress: string;
  main_contact: string[];
  email: string;
  services: ServiceSeed[];
  parking: string;
  latitude: number;
  longitude: number;
  /** Its clock, when not the site's (an IANA time zone name): its service times are read on it. */
  time_zone?: string;
}

const sunday = (time: string, language = 'English', name = 'Sunday Service'): ServiceSeed => ({
  name,
  weekday: 0,
  time,
  language,
});
const midweek = (weekday: number, time: string, language = 'English'): ServiceSeed => ({
  name: 'Bible Study and Prayer',
  weekday,
  time,
  language,
});

export const churchSeeds: ChurchSeed[] = [
  {
    church_name: 'Luminaries Harbor Light (Headquarters)',
    adress: '1200 Harbor Light Avenue, Wilmington, DE 19801, United States',
    main_contact: ['+1 (302) 555-0142', '+1 (302) 555-0143'],
    email: 'harborlight@luminaries.example.org',
    services: [
      sunday('08:00', 'English', 'First Service'),
      sunday('10:30', 'English', 'Second Service'),
      sunday('13:00', 'Spanish', 'Servicio en español'),
      midweek(3, '19:00'),
    ],
    parking: 'Free parking behind the church, entrance on Water Street; ushers wave you in. Accessible spaces by the main door.',
    latitude: 39.7391,
    longitude: -75.5398,
  },
  {
    church_name: 'Luminaries Wilmington East',
    adress: '45 Brandywine Street, Wilmington, DE 19802, United States',
    main_contact: ['+1 (302) 555-0177'],
    email: 'east@luminaries.example.org',
    services: [sunday('10:00'), midweek(4, '19:00')],
    parking: 'Street parking on Brandywine Street and the school lot across the road on Sundays.',
    latitude: 39.7525,
    longitude: -75.5341,
  },
  {
    church_name: 'Luminaries Philadelphia',
    adress: '310 Market Street, Philadelphia, PA 19106, United States',
    main_contact: ['+1 (215) 555-0120', '+1 (215) 555-0121'],
    email: 'philadelphia@luminaries.example.org',
    services: [sunday('09:00'), sunday('11:30'), midweek(2, '19:30')],
    parking:
      'The Market Street garage next door; show your ticket at the welcome desk and we pay it. Second Street station is two minutes away.',
    latitude: 39.9502,
    longitude: -75.1455,
  },
  {
    church_name: 'Luminaries Baltimore',
    adress: '88 Charles Street, Baltimore, MD 21201, United States',
    main_contact: ['+1 (410) 555-0188'],
    email: 'baltimore@luminaries.example.org',
    services: [sunday('10:00'), midweek(3, '18:30')],
    parking: 'A small lot beside the church and metered street parking (free on Sundays).',
    latitude: 39.2929,
    longitude: -76.6153,
  },
  {
    church_name: 'Luminaries Lagos',
    adress: '14 Admiralty Way, Lekki Phase 1, Lagos, Nigeria',
    main_contact: ['+234 1 555 0190'],
    email: 'lagos@luminaries.example.org',
    services: [sunday('07:30'), sunday('10:00'), sunday('12:30', 'Yoruba', 'Yoruba Service'), midweek(3, '18:00')],
    parking: 'Secure parking in the church grounds, with attendants from an hour before each service.',
    latitude: 6.4474,
    longitude: 3.4722,
    time_zone: 'Africa/Lagos',
  },
];
