/**
 * Image paths the staff set (an event's photo, an article's or a
 * devotional's image) must name media the site has: a photo uploaded on the
 * staff pages (/media/uploads/…, in the upload store) or one of the sample
 * images shipped with the site (/media/…, in api/content/media). Any other
 * address, same-origin or not (/api/…, /media/../…, a name nobody
 * uploaded), is refused, so a page never loads something the staff did not
 * put there.
 */
import { access } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.js';

const UPLOADED = /^\/media\/uploads\/([A-Za-z0-9][A-Za-z0-9._-]{0,200})$/;
const SAMPLE = /^\/media\/([A-Za-z0-9][A-Za-z0-9_-]{0,120}\.(?:svg|png|jpe?g|webp))$/;

/** Whether `src` is an uploaded photo or a sample image the site has. */
export async function isSiteMedia(app: FastifyInstance, src: string): Promise<boolean> {
  const uploaded = UPLOADED.exec(src);
  if (uploaded) return (await app.uploads.get(uploaded[1]!)) !== null;
  const sample = SAMPLE.exec(src);
  if (!sample) return false;
  try {
    await access(path.join(app.config.siteRoot, 'api', 'content', 'media', sample[1]!));
    return true;
  } catch {
    return false;
  }
}

/** A 400 under `field` unless `src` is media the site has. */
export async function assertSiteMedia(app: FastifyInstance, src: string, field: string, message: string): Promise<void> {
  if (!(await isSiteMedia(app, src))) throw badRequest(message, { [field]: message });
}
