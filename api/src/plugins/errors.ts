/**
 * Every error leaves as JSON `{ error: { code, message } }`. Anything a client
 * can send gets a 4xx; a 500 only for our own faults, without details.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../lib/errors.js';

const CODES: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
};

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({
        error: { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) },
      });
    }
    const status = error.statusCode ?? 500;
    if (error.validation) {
      const fields: Record<string, string> = {};
      for (const v of error.validation) {
        const key = (v.instancePath || '').replace(/^\//, '').replace(/\//g, '.') || String(v.params?.missingProperty ?? '_');
        if (!(key in fields)) fields[key] = v.keyword === 'pattern' ? 'is not valid' : (v.message ?? 'is not valid');
      }
      const [field, problem] = Object.entries(fields)[0] ?? ['request', 'is not valid'];
      return reply.status(400).send({ error: { code: 'bad_request', message: `The ${field} ${problem}.`, fields } });
    }
    if (status >= 400 && status < 500) {
      const message =
        status === 413
          ? 'That is too large.'
          : status === 415
            ? 'Send JSON (or a form with a file where one is expected).'
            : status === 429
              ? error.message || 'Too many requests. Please wait a moment and try again.'
              : error.message || 'The request is not valid.';
      return reply.status(status).send({ error: { code: CODES[status] ?? 'bad_request', message } });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ error: { code: 'internal', message: 'Oops, there is a problem, please try again later.' } });
  });
}

/** The JSON answer for a path nothing serves. */
export function sendNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply
    .status(404)
    .send({ error: { code: 'not_found', message: `Nothing at ${request.method} ${request.url.split('?')[0]}.` } });
}
