/** The churches (spec section 3: locations). */
import { Type } from '@sinclair/typebox';
import { ObjectOrNull, StrOrNull } from './schema';

export const ServiceTimeContract = Type.Object({
  /** e.g. 'Sunday Service'. */
  name: Type.String(),
  /** Sunday 0 … Saturday 6. */
  weekday: Type.Integer(),
  /** 'HH:mm', the church's local time. */
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
});
