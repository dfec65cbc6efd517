export { siteIdentity } from './site-identity';
export type { SiteIdentity } from './site-identity';
export { aboutContent, spellNumber } from './about-content';
export type { AboutContent, AboutFigure, AboutPerson, AboutTabKey } from './about-content';
export { privacyPolicy } from './policy-content';
export type { PolicySection } from './policy-content';
export * from './runtime';
export * from './routes';
export * from './donations';
