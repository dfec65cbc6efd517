/**
 * The HTTP server Fastify serves on, with a front: a request listener that
 * may answer a request before Fastify sees it (the site's kept pages,
 * site/pageFront.ts). The front is set once the site is registered; until
 * then, and for every request it leaves, Fastify answers.
 */
import { createServer, type IncomingMessage, type ServerOptions, type ServerResponse } from 'node:http';
import type { FastifyServerFactory } from 'fastify';

export interface ServerFront {
  /** Answers the request and returns true, or returns false and leaves it to Fastify. */
  handle: ((request: IncomingMessage, response: ServerResponse) => boolean) | null;
}

export function frontedServer(front: ServerFront): FastifyServerFactory {
  return (handler, fastifyOptions) => {
    const options = fastifyOptions as {
      http?: ServerOptions;
      keepAliveTimeout: number;
      requestTimeout: number;
      connectionTimeout: number;
      maxRequestsPerSocket: number;
    };
    const server = createServer(options.http ?? {}, (request, response) => {
      if (front.handle?.(request, response)) return;
      handler(request, response);
    });
    // As Fastify sets up the server it creates itself.
    server.keepAliveTimeout = options.keepAliveTimeout;
    server.requestTimeout = options.requestTimeout;
    server.setTimeout(options.connectionTimeout);
    if (options.maxRequestsPerSocket > 0) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };
}
