/** Planning a visit and the staff's list of planned visits, as the API sends them (types only). No React here. */
import type {
  ComingServiceContract,
  ConfirmedVisitContract,
  Static,
  StaffVisitContract,
  VisitAnswerContract,
  VisitGroupContract,
  VisitListContract,
  VisitLocationContract,
} from '../contracts';

export type ComingService = Static<typeof ComingServiceContract>;
export type VisitLocation = Static<typeof VisitLocationContract>;
export type VisitAnswer = Static<typeof VisitAnswerContract>;
export type ConfirmedVisit = Static<typeof ConfirmedVisitContract>;
export type StaffVisit = Static<typeof StaffVisitContract>;
export type VisitGroup = Static<typeof VisitGroupContract>;
export type VisitList = Static<typeof VisitListContract>;
