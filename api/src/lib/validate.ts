/**
 * Request bodies meet two sets of rules: their route's schema (the contract
 * in `@ministry/shared/contracts`: which fields, of which types) and the
 * forms' yup rules (`@ministry/shared/validation`), whose messages the forms
 * show and the spec asks for. The forms' rules speak first, on the body as
 * it was sent: a body both refuse gets the form's message, as it always has;
 * what they let through but the schema does not gets the schema's.
 */
import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { fieldErrors } from '@ministry/shared/validation';
import type { AnyObjectSchema, InferType } from 'yup';
import { badRequest } from './errors.js';

/** Runs yup rules on a value; a failure is a 400 with a message per field. */
async function checkedByRules<S extends AnyObjectSchema>(rules: S, value: unknown): Promise<InferType<S>> {
  try {
    return await rules.validate(value ?? {}, { abortEarly: false, stripUnknown: true });
  } catch (error) {
    const fields = fieldErrors(error);
    const first = Object.values(fields)[0] ?? 'The request is not valid.';
    throw badRequest(first, fields);
  }
}

/**
 * The one way a handler reads a body its form rules check: the rules on the
 * body as sent (their messages), then the route schema's verdict. The route
 * is declared with `checkedBody` and a body schema (a contract the rules are
 * checked against, `shared/src/contracts/requests.test.ts`).
 */
export async function readBody<S extends AnyObjectSchema>(
  request: FastifyRequest,
  rules: S,
  /** The body as the rules read it, when a field is sent under another name. */
  asRead: (body: Record<string, unknown>) => unknown = (body) => body,
): Promise<InferType<S>> {
  if (!request.routeOptions.attachValidation)
    throw new Error(
      `${request.routeOptions.url ?? request.url}: a route whose handler reads its body with readBody needs checkedBody`,
    );
  const body = request.body;
  const input = await checkedByRules(rules, body && typeof body === 'object' ? asRead(body as Record<string, unknown>) : body);
  if (request.validationError) throw request.validationError;
  return input;
}

/** The bodies of `checkedBody` requests as sent, before the schema check coerced their types. */
const bodiesAsSent = new WeakMap<FastifyRequest, unknown>();

/**
 * Once the schemas have run: puts back the body as the client sent it (Ajv
 * reads `5` as `'5'` and `['a']` as `'a'` while checking; the form rules and
 * the handler read what was sent, as they always have), and names the schema
 * error that ends the request before anything else, even on a `checkedBody`
 * route: a path that does not fit, or a body that is no object at all. A
 * field's error waits for the handler's form rules.
 */
export function settleSchemaCheck(request: FastifyRequest): Error | undefined {
  if (bodiesAsSent.has(request)) {
    request.body = bodiesAsSent.get(request);
    bodiesAsSent.delete(request);
  }
  const error = request.validationError;
  if (!error) return undefined;
  const aboutAField =
    error.validationContext === 'body' && (error.validation as { instancePath?: string }[]).every((v) => v.instancePath);
  return aboutAField ? undefined : error;
}

/**
 * Options for a route whose body schema waits for the handler's form rules
 * (`readBody`). Fastify keeps the
 * schema's error for the handler; the app's first preHandler
 * (plugins/security.ts, on every route) settles the check
 * (`settleSchemaCheck`) before anything reads the body.
 */
export const checkedBody = {
  attachValidation: true,
  preValidation: (async (request) => {
    bodiesAsSent.set(request, structuredClone(request.body));
  }) as preValidationAsyncHookHandler,
} as const;
