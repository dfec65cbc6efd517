/** The churches (spec section 3: locations). */
import { Type } from '@sinclair/typebox';
import { BodyInteger, BodyOptionalText, BodyText, ObjectOrNull, StrOrNull } from './schema';

export const ServiceTimeContract = Type.Object({
  /** e.g. 'Sunday Service'. */
  name: Type.String(),
  /** Sunday 0 … Saturday 6. */
  weekday: Type.Integer(),
  /** 'HH:mm' on the church's clock (its `timeZone`, else the site's). */
  time: Type.String(),
  language: Type.String(),
});

export const ChurchLocationContract = Type.Object({
  _id: Type.String(),
  church_name: Type.String(),
  /** Spelled so in the original data model. */
  adress: Type.String(),
  main_contact: Type.Array(Type.String()),
  email: Type.String(),
  /** Its regular services, in the order of the week (Sunday first). */
  serviceTimes: Type.Array(ServiceTimeContract),
  /** Where to park, in a sentence; null when not told. */
  parking: StrOrNull(),
  /** Its place on the map; null when not told. */
  map: ObjectOrNull(Type.Object({ latitude: Type.Number(), longitude: Type.Number() })),
  /** Where its services are streamed live (a YouTube or Vimeo address); null when they are not. */
  liveStreamUrl: Type.Optional(StrOrNull()),
  /** Its clock when it is not the site's (an IANA time zone name, e.g. 'Africa/Lagos'): its service times are on it. */
  timeZone: Type.Optional(StrOrNull()),
});

/** A location on the staff's page (GET /api/admin/locations): what the public sees, and who depends on it. */
export const StaffLocationContract = Type.Object({
  ...ChurchLocationContract.properties,
  /** Members who chose it as their church. */
  memberCount: Type.Integer(),
  /** Events ahead that take place there. */
  upcomingEvents: Type.Integer(),
});

/** A country to live in or come from (GET /api/geo/countries). */
export const CountryContract = Type.Object({ code: Type.String(), name: Type.String() });

/** A church as the staff's form sends it (POST and PUT /api/locations). */
export const LocationBody = Type.Object({
  church_name: BodyText(),
  adress: BodyText(),
  main_contact: Type.Optional(Type.Unsafe<string[] | null>({ type: ['array', 'null'], items: { type: 'string' } })),
  email: BodyText(),
  parking: BodyOptionalText(),
  /** A number, or the form's text of one ('' when not told): the form rules read it. */
  latitude: Type.Optional(Type.Unknown()),
  longitude: Type.Optional(Type.Unknown()),
  liveStreamUrl: BodyOptionalText(),
  timeZone: BodyOptionalText(),
  serviceTimes: Type.Optional(
    Type.Unsafe<unknown[] | null>({
      type: ['array', 'null'],
      items: Type.Object({ name: BodyText(), weekday: BodyInteger(), time: BodyText(), language: BodyText() }),
    }),
  ),
});
