/**
 * What the request log keeps of a request. The address is logged without
 * the values of private query parameters: a visitor's position (`near`, the
 * groups finder) is used for its answer and never written anywhere.
 */
import type { FastifyRequest } from 'fastify';

/** Query parameters whose values never reach the log. */
const PRIVATE_PARAMS = new Set(['near']);

/** The request's address with the values of private query parameters replaced by `[redacted]`. */
export function loggedUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq < 0 ? pair : pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // A malformed name is logged as sent.
      }
      return PRIVATE_PARAMS.has(name.trim().toLowerCase()) ? `${rawName}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, at)}?${query}`;
}

/** The logger's `req` serializer: Fastify's own fields, with the address redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
