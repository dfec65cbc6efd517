/**
 * The few schema shapes TypeBox does not write the way the API's answers
 * always have: `type: ['string', 'null']` rather than an `anyOf`, a string
 * enum as `enum`, a map of strings as `additionalProperties`. Keeping the
 * JSON the same keeps Ajv and fast-json-stringify doing what they did.
 */
import { Type, type Static, type TObject, type TSchema } from '@sinclair/typebox';

/** A string the API promises is one of `T` (the schema does not check it). */
export const Str = <T extends string = string>() => Type.Unsafe<T>({ type: 'string' });

/** A string or null. */
export const StrOrNull = <T extends string = string>() => Type.Unsafe<T | null>({ type: ['string', 'null'] });

/** An integer or null. */
export const IntOrNull = () => Type.Unsafe<number | null>({ type: ['integer', 'null'] });

/** A number or null. */
export const NumOrNull = () => Type.Unsafe<number | null>({ type: ['number', 'null'] });

/** One of these strings: `{ type: 'string', enum }`. */
export const StringEnum = <const T extends readonly string[]>(values: T) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values] });

/** An object, or null in its place. */
export const ObjectOrNull = <T extends TObject>(object: T) =>
  Type.Unsafe<Static<T> | null>({ ...object, type: ['object', 'null'] });

/** `{ [key]: string }`. */
export const StringMap = () => Type.Unsafe<Record<string, string>>({ type: 'object', additionalProperties: { type: 'string' } });

export type { Static, TSchema };
