/**
 * One definition of each entity the API sends and each body it accepts, as
 * TypeBox schemas: the API uses them as its route schemas (JSON Schema, read
 * by Fastify's Ajv and fast-json-stringify); `../types` takes the TypeScript
 * types from them with `Static` (type-only, so no browser bundle carries
 * TypeBox).
 */
export * from './common';
export * from './people';
export * from './locations';
export * from './content';
export * from './community';
export * from './giving';
export * from './releases';
export * from './sermons';
export * from './staff';
export * from './visits';
export * from './groups';
export * from './serving';
export type { Static } from './schema';
export { Str, StrOrNull, IntOrNull, NumOrNull, StringEnum, ObjectOrNull, StringMap } from './schema';
