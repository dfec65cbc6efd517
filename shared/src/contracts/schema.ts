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

/*
 * Request bodies. The route's schema checks a body's fields and their types;
 * the form rules (yup, `../validation`) then give each field the message the
 * forms show, and they speak first (see `api/src/lib/validate.ts`). So every
 * field is optional here (a missing one gets the form's "Required"), and a
 * length is checked here only where the rules check that same length on the
 * text as sent (not trimmed first).
 */

/** A text field (a number or a boolean passes, read as its text, as the rules read it). */
export const BodyText = (options: { maxLength?: number } = {}) => Type.Optional(Type.String(options));

/** A text field that may stay empty, or be null. */
export const BodyOptionalText = (options: { maxLength?: number } = {}) =>
  Type.Optional(Type.Unsafe<string | null>({ type: ['string', 'null'], ...options }));

/** A yes or no as the rules read one: true or false, 1 or 0, or their text in any case ('TRUE', '0'). */
export const BodyFlag = () =>
  Type.Optional(
    Type.Unsafe<boolean | 0 | 1 | string | null>({
      anyOf: [
        { type: ['boolean', 'null'] },
        { enum: [0, 1] },
        { type: 'string', pattern: '^([Tt][Rr][Uu][Ee]|[Ff][Aa][Ll][Ss][Ee]|[01])$' },
      ],
    }),
  );

/** A whole number, or the form's text of one (the rules read '4 2' as 42). */
export const BodyInteger = () =>
  Type.Optional(Type.Unsafe<number | string | null>({ anyOf: [{ type: ['integer', 'null'] }, { type: 'string' }] }));

/** A number, or the form's text of one; null or nothing when none is given (the rules read '' as none). */
export const BodyNumber = () =>
  Type.Optional(Type.Unsafe<number | string | null>({ anyOf: [{ type: ['number', 'null'] }, { type: 'string' }] }));
