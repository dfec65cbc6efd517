/**
 * What every community post (prayer, story, comment) goes through on the
 * server: the shared yup rules, then plain-text sanitizing, then the status
 * it is saved with.
 */
import type { FastifyInstance } from 'fastify';
import type { AnyObjectSchema, InferType } from 'yup';
import { messages } from '@ministry/shared/validation';
import type { SessionUser } from '../../fastify.js';
import { badRequest } from '../../lib/errors.js';
import { sanitizePlainText } from '../../lib/sanitize.js';
import { validateBody } from '../../lib/validate.js';
import type { PostStatus } from './visibility.js';

/**
 * Validates `body` with `schema` and sanitizes its text `field`. Text that is
 * nothing but markup is as empty as no text: a 400 under the field.
 */
export async function readPost<S extends AnyObjectSchema, F extends keyof InferType<S> & string>(
  schema: S,
  body: unknown,
  field: F,
): Promise<InferType<S>> {
  const input = await validateBody(schema, body);
  const clean = sanitizePlainText(String(input[field] ?? ''));
  if (!clean) throw badRequest(messages.postEmpty, { [field]: messages.postEmpty });
  return { ...input, [field]: clean };
}

/** New posts wait for an admin unless moderation is off; an admin's own posts need no review. */
export function newPostStatus(app: FastifyInstance, author: SessionUser): PostStatus {
  return !app.config.moderation || author.role === 'admin' ? 'published' : 'pending';
}
