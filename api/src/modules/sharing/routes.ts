/**
 * Sharing works for real: every page URL answers the shell's HTML with its
 * own title, description and image in Open Graph and Twitter tags (the web
 * host writes them with site/sharePreview.ts: devotionals, events and news from the
 * database; status 404 when the item does not exist), and
 * `GET /api/share/image` gives the preview image as a PNG, since social
 * networks do not show SVG.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sharp } from '../../lib/sharp.js';
import { notFound } from '../../lib/errors.js';
import { errors } from '../../schemas/entities.js';
import { SHARE_IMAGE } from './shareImage.js';

/** A site media path: /media/<file> or /media/uploads/<file>, nothing else. */
const MEDIA_SRC = '^/media/(uploads/)?[A-Za-z0-9][A-Za-z0-9._-]{0,127}\\.(svg|png|jpe?g|webp)$';
const CACHE_LIMIT = 64;

export async function sharingRoutes(app: FastifyInstance): Promise<void> {
  const cache = new Map<string, Buffer>();

  async function renderShareImage(src: string): Promise<Buffer | null> {
    const cached = cache.get(src);
    if (cached) return cached;
    const name = path.basename(src);
    if (name.includes('..')) return null;
    let input: Buffer;
    if (src.startsWith('/media/uploads/')) {
      const stored = await app.uploads.get(name);
      if (!stored) return null;
      input = stored.data;
    } else {
      try {
        input = await readFile(path.join(app.config.siteRoot, 'api', 'content', 'media', name));
      } catch {
        return null;
      }
    }
    const png = await sharp(input, { density: 150, limitInputPixels: 40_000_000 })
      .resize(SHARE_IMAGE.width, SHARE_IMAGE.height, { fit: 'cover' })
      .flatten({ background: '#14213d' })
      .png({ compressionLevel: 9 })
      .toBuffer();
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
    cache.set(src, png);
    return png;
  }

  app.get<{ Querystring: { src: string } }>(
    '/image',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: { src: { type: 'string', pattern: MEDIA_SRC, maxLength: 160 } },
          required: ['src'],
          additionalProperties: false,
        },
        response: errors(400, 404),
      },
    },
    async (request, reply) => {
      let png: Buffer | null;
      try {
        png = await renderShareImage(request.query.src);
      } catch (error) {
        request.log.warn({ err: error, src: request.query.src }, 'share image could not be rendered');
        png = null;
      }
      if (!png) throw notFound('That image');
      return reply.type('image/png').header('Cache-Control', 'public, max-age=86400').send(png);
    },
  );
}
