/**
 * One definition of each entity the API sends, as TypeBox schemas: the API
 * uses them as its answers' schemas (JSON Schema, read by
 * fast-json-stringify); `../types` takes the TypeScript types from them with
 * `Static` (type-only, so no browser bundle carries TypeBox).
 */
export * from './common';
export * from './people';
export * from './locations';
export * from './content';
export * from './community';
export type { Static } from './schema';
export { Str, StrOrNull, IntOrNull, NumOrNull, StringEnum, ObjectOrNull, StringMap } from './schema';
