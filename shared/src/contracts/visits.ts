/** Planning a visit (spec addition: /visit) and the staff's list of planned visits. */
import { Type } from '@sinclair/typebox';
import { BodyInteger, BodyOptionalText, BodyText, StrOrNull } from './schema';

/** A coming service a guest may plan to come to. */
export const ComingServiceContract = Type.Object({
  /** The moment it starts (ISO, UTC). */
  at: Type.String(),
  name: Type.String(),
  language: Type.String(),
});

/** A church with its services of the coming weeks (GET /api/visits/services). */
export const VisitLocationContract = Type.Object({
  _id: Type.String(),
  church_name: Type.String(),
  adress: Type.String(),
  /** The church's clock: its service times are read on it. */
  timeZone: Type.String(),
  services: Type.Array(ComingServiceContract),
});

/** The answer to a planned visit (POST /api/visits), the same whatever the address. */
export const VisitAnswerContract = Type.Object({ email: Type.String(), message: Type.String() });

/** A confirmed visit, as its confirmation page shows it (POST /api/visits/confirm). */
export const ConfirmedVisitContract = Type.Object({
  message: Type.String(),
  name: Type.String(),
  email: Type.String(),
  church_name: Type.String(),
  adress: Type.String(),
  parking: StrOrNull(),
  at: Type.String(),
  /** The church's clock. */
  timeZone: Type.String(),
  serviceName: Type.String(),
  adults: Type.Integer(),
  childrenAges: Type.Array(Type.Integer()),
});

/** One guest's visit on the staff's list. */
export const StaffVisitContract = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  adults: Type.Integer(),
  childrenAges: Type.Array(Type.Integer()),
  question: StrOrNull(),
  /** Whether they came (null: not marked yet). */
  came: Type.Unsafe<boolean | null>({ type: ['boolean', 'null'] }),
  confirmedAt: Type.String(),
});

/** The visits of one service, with its counts. */
export const VisitGroupContract = Type.Object({
  locationId: Type.String(),
  church_name: Type.String(),
  at: Type.String(),
  serviceName: Type.String(),
  language: Type.String(),
  /** Whether the service has begun (the staff mark who came). */
  begun: Type.Boolean(),
  adults: Type.Integer(),
  children: Type.Integer(),
  childrenAges: Type.Array(Type.Integer()),
  came: Type.Integer(),
  visits: Type.Array(StaffVisitContract),
});

/** GET /api/admin/visits: the confirmed visits by service. */
export const VisitListContract = Type.Object({
  groups: Type.Array(VisitGroupContract),
  /** Visits ahead still waiting for their guest's confirmation. */
  pending: Type.Integer(),
});

/** Planning a visit (POST /api/visits): the visit form's fields (`../validation/visits.ts`). */
export const VisitBody = Type.Object(
  {
    location: BodyText(),
    service: BodyText(),
    name: BodyText(),
    email: BodyText(),
    adults: BodyInteger(),
    /** Each child's age; null for one not chosen yet (the rules name it). */
    childrenAges: Type.Optional(
      Type.Unsafe<(number | null)[] | null>({ type: ['array', 'null'], maxItems: 50, items: { type: ['integer', 'null'] } }),
    ),
    question: BodyOptionalText(),
    /** Left empty by people; a form-filling robot fills it. */
    website: BodyOptionalText(),
  },
  // A field no form sends is refused.
  { additionalProperties: false },
);
