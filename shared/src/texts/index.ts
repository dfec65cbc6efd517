/**
 * The long texts of the About and Policies pages: part of the site's identity
 * (edit them with it), kept apart from `config` so only their pages load them.
 */
export { aboutContent, spellNumber } from './about-content';
export type { AboutContent, AboutFigure, AboutPerson, AboutTabKey } from './about-content';
export { privacyPolicy } from './policy-content';
export type { PolicySection } from './policy-content';
export { planAVisit } from './visit-content';
export type { VisitTopic } from './visit-content';
