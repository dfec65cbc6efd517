/** Runs a shared yup schema on a request body; a failure is a 400 with a message per field. */
import { fieldErrors } from '@ministry/shared/validation';
import type { AnyObjectSchema, InferType } from 'yup';
import { badRequest } from './errors.js';

export async function validateBody<S extends AnyObjectSchema>(schema: S, body: unknown): Promise<InferType<S>> {
  try {
    return await schema.validate(body ?? {}, { abortEarly: false, stripUnknown: true });
  } catch (error) {
    const fields = fieldErrors(error);
    const first = Object.values(fields)[0] ?? 'The request is not valid.';
    throw badRequest(first, fields);
  }
}
