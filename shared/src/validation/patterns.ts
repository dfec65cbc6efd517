/**
 * Pieces of rules several forms share (not exported from the package: each
 * form's schema is). No React here.
 */
import * as yup from 'yup';

/** An id as the API makes them. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An e-mail address, trimmed: `required` when empty, `invalid` when it is no address (or longer than one can be). */
export const emailAddress = (required: string, invalid: string) =>
  yup
    .string()
    .trim()
    .required(required)
    .email(invalid)
    .matches(/@[^@\s]+\.[^@\s]+$/, invalid)
    .max(254, invalid);
