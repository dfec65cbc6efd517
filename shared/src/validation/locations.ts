/**
 * A church location as the staff edit it (/admin/locations), shared by the
 * form and the API: its name, address, phones and e-mail, its services
 * (day, time, language), parking and place on the map.
 */
import * as yup from 'yup';
import { LOCATION_LIMITS } from '../limits';
import { isOneLine } from './patterns';
import { videoFromAddress } from './sermons';

export const locationMessages = {
  required: 'Required',
  oneLine: 'Use one line of ordinary characters',
  email: 'Invalid email',
  phone: 'Use digits, spaces and + ( ) . - only',
  phones: `At most ${LOCATION_LIMITS.phones} phone numbers`,
  number: 'Enter a number',
  latitude: 'A latitude is between -90 and 90',
  longitude: 'A longitude is between -180 and 180',
  bothCoordinates: 'Give both the latitude and the longitude, or neither',
  weekday: 'Choose a day',
  time: 'A time such as 10:30',
  services: `At most ${LOCATION_LIMITS.services} services`,
  timeZone: 'Choose a time zone from the list',
  liveStream: 'Give a YouTube or Vimeo address, e.g. https://www.youtube.com/live/… or https://vimeo.com/event/…',
  tooLong: (max: number) => `Must be at most ${max} characters`,
};

const line = (max: number) =>
  yup.string().trim().max(max, locationMessages.tooLong(max)).test('one-line', locationMessages.oneLine, isOneLine);

/** Whether `zone` is an IANA time zone name this JavaScript knows ('Africa/Lagos'). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(zone);
  } catch {
    return false;
  }
}

/** '' (a field left empty) is "not told". */
const coordinate = (min: number, max: number, message: string) =>
  yup
    .number()
    .transform((value: unknown, original: unknown) =>
      original === '' || original === null || original === undefined ? null : value,
    )
    .typeError(locationMessages.number)
    .nullable()
    .default(null)
    .min(min, message)
    .max(max, message);

export const serviceTimeSchema = yup.object({
  name: line(LOCATION_LIMITS.serviceName).required(locationMessages.required),
  weekday: yup
    .number()
    .typeError(locationMessages.weekday)
    .required(locationMessages.weekday)
    .integer(locationMessages.weekday)
    .min(0, locationMessages.weekday)
    .max(6, locationMessages.weekday),
  time: yup
    .string()
    .required(locationMessages.required)
    .matches(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, locationMessages.time),
  language: line(LOCATION_LIMITS.language).required(locationMessages.required),
});

export const locationSchema = yup
  .object({
    church_name: line(LOCATION_LIMITS.name).required(locationMessages.required),
    adress: line(LOCATION_LIMITS.address).required(locationMessages.required),
    main_contact: yup
      .array(
        line(LOCATION_LIMITS.phone)
          .required(locationMessages.required)
          .matches(/^[0-9+()./\s-]{3,}$/, locationMessages.phone),
      )
      .max(LOCATION_LIMITS.phones, locationMessages.phones)
      .default([]),
    email: yup
      .string()
      .trim()
      .required(locationMessages.required)
      .email(locationMessages.email)
      .matches(/@[^@\s]+\.[^@\s]+$/, locationMessages.email)
      .max(254, locationMessages.email),
    parking: yup.string().trim().max(LOCATION_LIMITS.parking, locationMessages.tooLong(LOCATION_LIMITS.parking)).default(''),
    latitude: coordinate(-90, 90, locationMessages.latitude),
    longitude: coordinate(-180, 180, locationMessages.longitude),
    liveStreamUrl: yup
      .string()
      .trim()
      .nullable()
      .default('')
      .max(500, locationMessages.liveStream)
      .test('stream', locationMessages.liveStream, (v) => !v || videoFromAddress(v) !== null),
    timeZone: yup
      .string()
      .trim()
      .nullable()
      .default('')
      .max(60, locationMessages.timeZone)
      .test('zone', locationMessages.timeZone, (v) => !v || isTimeZone(v)),
    serviceTimes: yup.array(serviceTimeSchema).max(LOCATION_LIMITS.services, locationMessages.services).default([]),
  })
  .test('both-coordinates', locationMessages.bothCoordinates, function (value) {
    if (!value) return true;
    const lat = value.latitude === null || value.latitude === undefined;
    const lng = value.longitude === null || value.longitude === undefined;
    return lat === lng || this.createError({ path: lat ? 'latitude' : 'longitude', message: locationMessages.bothCoordinates });
  });

export type LocationInput = yup.InferType<typeof locationSchema>;
