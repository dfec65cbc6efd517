/**
 * POST /api/admin/images (editors and admins): a photo for a devotional, a
 * news item, a press release, an event; multipart, field `image`. Answers
 * `{ src, width, height }`: `src` is what the entity stores, its narrower
 * widths and WebP files are found from it (@ministry/shared/format
 * `imageSources`).
 */
import type { FastifyInstance } from 'fastify';
import { badRequest, HttpError } from '../../lib/errors.js';
import { staffOnly } from '../../plugins/session.js';
import { envelope, errors } from '../../schemas/entities.js';
import { IMAGE_MAX_BYTES, NOT_A_PHOTO, storeImage } from './service.js';
import { writesChange } from '../../plugins/dataChanges.js';

const TOO_LARGE = 'That photo is larger than 15 MB.';

export async function imageRoutes(app: FastifyInstance): Promise<void> {
  // An upload shows once something that uses it is saved.
  writesChange(app, []);
  app.post(
    '/images',
    {
      onRequest: staffOnly('editor'),
      schema: {
        response: {
          200: envelope({
            type: 'object',
            properties: { src: { type: 'string' }, width: { type: 'integer' }, height: { type: 'integer' } },
          }),
          ...errors(400, 401, 403, 413),
        },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw badRequest(NOT_A_PHOTO, { image: NOT_A_PHOTO });
      const file = await request.file({ limits: { fileSize: IMAGE_MAX_BYTES, files: 1 } });
      if (!file || file.fieldname !== 'image') throw badRequest(NOT_A_PHOTO, { image: NOT_A_PHOTO });
      const input = await file.toBuffer().catch((error: { code?: string }) => {
        if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, 'too_large', TOO_LARGE, { image: TOO_LARGE });
        throw error;
      });
      return { data: await storeImage(app.uploads, input) };
    },
  );
}
