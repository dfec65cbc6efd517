/**
 * The validation rules of spec section 5, as yup schemas shared by the forms
 * and the API. No React here.
 */
import * as yup from 'yup';
import { siteIdentity } from '../config/site-identity';
import {
  ADULT_AGE,
  ANSWER_NOTE_MAX,
  BIRTH_DATE,
  CIVIL_STATUSES,
  GENDERS,
  PASSWORD_MAX,
  PASSWORD_MIN,
  POST_MAX,
  SENIORITY,
  SIGN_IN_CODE_LENGTH,
  SOURCE_MAX,
  STORY_PRAYER_MAX,
} from '../limits';
import { emailAddress, isOneLine } from './patterns';

export const REQUIRED = 'Required';

/** Today's date ('YYYY-MM-DD') on the ministry's clock. */
export function siteToday(now: Date = new Date(), timeZone: string = siteIdentity.timeZone): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** The latest birth date of someone who is ADULT_AGE today (born on this day 18 years ago, or before). */
export function latestAdultBirthDate(now: Date = new Date()): string {
  const [year, month, day] = siteToday(now).split('-');
  return `${Number(year) - ADULT_AGE}-${month}-${day}`;
}

export const messages = {
  invalidEmail: 'Invalid email',
  // The original read "charcters"; corrected (docs/spec-deviations.md).
  passwordMin: `Password must be at least ${PASSWORD_MIN} characters`,
  // The original said "lower than 1909" for a lower bound of 1910; corrected.
  birthDateMin: 'Birth date must be on or after 1910',
  // The original rule was 'Birth date must be lower than 2004'; it is now the age it meant (docs/spec-deviations.md).
  birthDateMax: `You must be at least ${ADULT_AGE} years old`,
  passwordsMatch: 'Passwords must match',
  sourceMax: `Must be at most ${SOURCE_MAX} characters`,
  seniorityNumber: 'Must be a number',
  seniorityRange: `Must be between ${SENIORITY.min} and ${SENIORITY.max}`,
  postEmpty: 'Please write something first',
  postMax: `Must be at most ${POST_MAX} characters`,
  nothingToChange: 'Enter a new e-mail or a new password',
  oneLine: 'Use one line of ordinary characters',
  passwordCommon: 'This password is too common, please choose another one',
} as const;

/**
 * Whether a password is in a list of common and breached passwords. The list
 * lives on the server (api/src/lib/commonPasswords.ts sets this check there);
 * a form sets a check that asks the server (POST /api/user/password-check).
 * Until one is set, no password is taken for common.
 */
let commonPasswordCheck: (password: string) => boolean | Promise<boolean> = () => false;

export function setCommonPasswordCheck(check: (password: string) => boolean | Promise<boolean>): void {
  commonPasswordCheck = check;
}

/** The new-password rule's last test: not a common or breached password (only asked of a password long enough). */
const notCommon = (value: string | undefined): boolean | Promise<boolean> => {
  if (!value || value.length < PASSWORD_MIN || value.length > PASSWORD_MAX) return true;
  const common = commonPasswordCheck(value);
  return typeof common === 'boolean'
    ? !common
    : common.then(
        (c) => !c,
        () => true,
      );
};

/** One-line text (names, places): line breaks and other control characters are refused. */
const oneLine = () => yup.string().test('one-line', messages.oneLine, isOneLine);

const email = () => emailAddress(REQUIRED, messages.invalidEmail);

/** Whether 'YYYY-MM-DD' is a day of the calendar (not 1999-02-31). */
export function isCalendarDate(value: string): boolean {
  const [year, month, day] = value.split('-').map(Number);
  const date = new Date(Date.UTC(year!, month! - 1, day!));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month! - 1 && date.getUTCDate() === day;
}

/** A date field as the form holds it: 'YYYY-MM-DD'. */
const birthDate = () =>
  yup
    .string()
    .required(REQUIRED)
    .matches(/^\d{4}-\d{2}-\d{2}$/, 'Invalid date')
    .test('calendar', 'Invalid date', (v) => !v || isCalendarDate(v))
    .test('min', messages.birthDateMin, (v) => !v || v >= BIRTH_DATE.min)
    .test('max', messages.birthDateMax, (v) => !v || v <= latestAdultBirthDate());

export const loginSchema = yup.object({
  email: yup.string().trim().required(REQUIRED),
  password: yup.string().required(REQUIRED),
});

const passwordField = () =>
  yup
    .string()
    .required(REQUIRED)
    .min(PASSWORD_MIN, messages.passwordMin)
    .max(PASSWORD_MAX)
    .test('not-common', messages.passwordCommon, notCommon);

export const signupStep1Fields = {
  firstname: oneLine().trim().required(REQUIRED).max(100),
  lastname: oneLine().trim().required(REQUIRED).max(100),
  birth_date: birthDate(),
  email: email(),
  password: passwordField(),
};

export const signupStep1Schema = yup.object({
  ...signupStep1Fields,
  confirmPassword: yup
    .string()
    .required(REQUIRED)
    .oneOf([yup.ref('password')], messages.passwordsMatch),
});

const seniority = () =>
  yup
    .number()
    .typeError(messages.seniorityNumber)
    .required(REQUIRED)
    .integer(messages.seniorityNumber)
    .min(SENIORITY.min, messages.seniorityRange)
    .max(SENIORITY.max, messages.seniorityRange);

export const signupStep2Fields = {
  gender: yup
    .string()
    .required(REQUIRED)
    .oneOf([...GENDERS], REQUIRED),
  civil_status: yup
    .string()
    .required(REQUIRED)
    .oneOf([...CIVIL_STATUSES], REQUIRED),
  church: oneLine().required(REQUIRED),
  countryOfOrigin: oneLine().required(REQUIRED).max(100),
  country: oneLine().required(REQUIRED).max(100),
  city: oneLine().required(REQUIRED).max(100),
  seniority: seniority(),
  source: yup.string().max(SOURCE_MAX, messages.sourceMax).default(''),
};

export const signupStep2Schema = yup.object(signupStep2Fields);

/** What POST /api/user/signup accepts: both steps, without confirmPassword. */
export const signupSchema = yup.object({ ...signupStep1Fields, ...signupStep2Fields });

/** Basic info and church (PUT /api/user/updateBasic/{id}); every field optional. */
export const updateBasicSchema = yup.object({
  firstname: oneLine().trim().min(1, REQUIRED).max(100),
  lastname: oneLine().trim().min(1, REQUIRED).max(100),
  birth_date: yup
    .string()
    .matches(/^\d{4}-\d{2}-\d{2}$/, 'Invalid date')
    .test('calendar', 'Invalid date', (v) => !v || isCalendarDate(v))
    .test('min', messages.birthDateMin, (v) => !v || v >= BIRTH_DATE.min)
    .test('max', messages.birthDateMax, (v) => !v || v <= latestAdultBirthDate()),
  gender: yup.string().oneOf([...GENDERS]),
  civil_status: yup.string().oneOf([...CIVIL_STATUSES]),
  countryOfOrigin: oneLine().max(100),
  country: oneLine().max(100),
  city: oneLine().max(100),
  church: oneLine().max(100),
  seniority: seniority().notRequired(),
  source: yup.string().max(SOURCE_MAX, messages.sourceMax),
});

/** An empty field is "not changed". */
const blankAsUnset = (value: unknown) => (value === '' ? undefined : value);

/**
 * Security (PUT /api/user/updateSecurity/{userId}): a new e-mail, a new
 * password, or both; the current password always.
 */
export const updateSecuritySchema = yup
  .object({
    email: yup
      .string()
      .trim()
      .transform(blankAsUnset)
      .email(messages.invalidEmail)
      .matches(/@[^@\s]+\.[^@\s]+$/, messages.invalidEmail)
      .max(254, messages.invalidEmail),
    password: yup
      .string()
      .transform(blankAsUnset)
      .min(PASSWORD_MIN, messages.passwordMin)
      .max(PASSWORD_MAX)
      .test('not-common', messages.passwordCommon, notCommon),
    currentPassword: yup.string().required(REQUIRED),
  })
  .test('some-change', messages.nothingToChange, function (value) {
    return Boolean(value?.email || value?.password) || this.createError({ path: 'password', message: messages.nothingToChange });
  });

export const resetPasswordSchema = yup.object({
  password: passwordField(),
  confirmPassword: yup
    .string()
    .required(REQUIRED)
    .oneOf([yup.ref('password')], messages.passwordsMatch),
});

export const forgotPasswordSchema = yup.object({ email: email() });

/** A new password on its own (the reset link's form, and the server's check for the forms). */
export const newPasswordSchema = yup.object({ password: passwordField() });

/** A one-time sign-in code's message (SIGN_IN_CODE_LENGTH digits; spaces typed between them are ignored). */
export const signInCodeMessages = {
  code: `Enter the ${SIGN_IN_CODE_LENGTH} digits of the code we e-mailed you`,
} as const;
/** "E-mail me a code" (POST /api/user/code). */
export const signInCodeRequestSchema = yup.object({ email: email() });
/** Signing in with the code (POST /api/user/code/verify). */
export const signInCodeSchema = yup.object({
  email: email(),
  code: yup
    .string()
    .transform((value: unknown) => (typeof value === 'string' ? value.replace(/\s+/g, '') : value))
    .required(REQUIRED)
    .max(20, signInCodeMessages.code)
    .matches(new RegExp(`^\\d{${SIGN_IN_CODE_LENGTH}}$`), signInCodeMessages.code),
});
export const newsletterSchema = yup.object({ email: email() });

const postText = () =>
  yup.string().trim().required(messages.postEmpty).min(1, messages.postEmpty).max(POST_MAX, messages.postMax);

export const prayerSchema = yup.object({ text: postText(), anonymous: yup.boolean().default(false) });
export const storySchema = yup.object({ content: postText(), prayer: yup.string().max(STORY_PRAYER_MAX).optional() });

/** What a requester says when marking a prayer answered (at most ANSWER_NOTE_MAX characters). */
export const answeredSchema = yup.object({
  note: yup.string().trim().max(ANSWER_NOTE_MAX, `Must be at most ${ANSWER_NOTE_MAX} characters`).default(''),
});
export const commentSchema = yup.object({ text: postText(), story: yup.string().required(REQUIRED) });

/** Turns a yup ValidationError into { field: message } (first message per field). */
export function fieldErrors(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (error instanceof yup.ValidationError) {
    const all = error.inner.length ? error.inner : [error];
    for (const e of all) {
      const key = e.path ?? '_';
      if (!(key in out)) out[key] = e.message;
    }
  }
  return out;
}

// The limits the rules check, as they were always exported here too (`../limits` has them without yup).
export * from '../limits';
export * from './giving';
export * from './locations';
export * from './content';
export * from './sermons';
export * from './visits';
export { yup };
