/** An error a client caused or may see: sent as `{ error: { code, message } }` with its status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (what = 'That'): HttpError => new HttpError(404, 'not_found', `${what} was not found.`);
export const badRequest = (message: string, fields?: Record<string, string>): HttpError =>
  new HttpError(400, 'bad_request', message, fields);
export const unauthorized = (message = 'Please log in first.'): HttpError => new HttpError(401, 'unauthorized', message);
export const forbidden = (message = 'You are not allowed to do that.'): HttpError => new HttpError(403, 'forbidden', message);
export const conflict = (message: string, fields?: Record<string, string>): HttpError =>
  new HttpError(409, 'conflict', message, fields);
