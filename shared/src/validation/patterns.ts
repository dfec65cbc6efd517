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

/** Line breaks, tabs and other control characters: none in a one-line field. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;

/** Whether a one-line field's text is on one line (empty passes: `required` says so). */
export const isOneLine = (value: string | null | undefined): boolean => !value || !CONTROL_CHARACTERS.test(value);

/** Lower-case words joined by hyphens, as an address part ('easter-sunday'). */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Whether a written address part is one (empty passes: the server makes one); never an id, which addresses also take. */
export const isSlug = (value: string | null | undefined): boolean => !value || (SLUG.test(value) && !UUID.test(value));
