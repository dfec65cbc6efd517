/**
 * Planning a visit (/visit), shared by the form and the API: a church and one
 * of its coming services, who is coming (adults, each child's age), a name, an
 * e-mail address for the confirmation link, and an optional question. The
 * API then checks what only it knows (the church exists, the service is one
 * of its coming ones).
 */
import * as yup from 'yup';
import { VISIT_LIMITS } from '../limits';
import { emailAddress, UUID } from './patterns';

export const visitMessages = {
  location: 'Choose the church you would like to visit.',
  service: 'Choose the service you would like to come to.',
  name: 'Tell us your name, so we can welcome you.',
  nameMax: `Your name is too long (${VISIT_LIMITS.name} characters at most).`,
  email: 'Enter your e-mail address.',
  emailInvalid: 'Enter a valid e-mail address.',
  adults: `Say how many adults are coming (1 to ${VISIT_LIMITS.adults}).`,
  childrenAges: `Give each child's age, from 0 to ${VISIT_LIMITS.childAge} (${VISIT_LIMITS.children} children at most).`,
  question: `Your question is too long (${VISIT_LIMITS.question.toLocaleString('en-US')} characters at most).`,
} as const;

const isChildAge = (age: unknown) => Number.isInteger(age) && (age as number) >= 0 && (age as number) <= VISIT_LIMITS.childAge;

export const visitSchema = yup.object({
  location: yup.string().trim().required(visitMessages.location).matches(UUID, visitMessages.location),
  service: yup.string().trim().required(visitMessages.service),
  name: yup.string().trim().required(visitMessages.name).max(VISIT_LIMITS.name, visitMessages.nameMax),
  email: emailAddress(visitMessages.email, visitMessages.emailInvalid),
  adults: yup
    .number()
    .typeError(visitMessages.adults)
    .required(visitMessages.adults)
    .integer(visitMessages.adults)
    .min(1, visitMessages.adults)
    .max(VISIT_LIMITS.adults, visitMessages.adults),
  /** A blank age (a child whose age is not chosen yet) is sent as null. */
  childrenAges: yup
    .array(yup.mixed<number>().nullable().defined())
    .default([])
    .test('ages', visitMessages.childrenAges, (ages) => ages.length <= VISIT_LIMITS.children && ages.every(isChildAge)),
  question: yup.string().trim().nullable().default(null).max(VISIT_LIMITS.question, visitMessages.question),
  /** Left empty by people; a form-filling robot fills it. */
  website: yup.string().optional(),
});

export type VisitFormValues = yup.InferType<typeof visitSchema>;
