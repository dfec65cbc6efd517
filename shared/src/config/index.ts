export { siteIdentity } from './site-identity';
export type { SiteIdentity } from './site-identity';
export * from './runtime';
export * from './routes';
export * from './donations';
export * from './roles';
