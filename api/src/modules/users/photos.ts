/**
 * Profile photos: at most 5 MB, checked by content (sharp reads the real
 * format, whatever the name or type says), re-encoded to WebP at most
 * 512x512 with metadata stripped, saved under a server-made name.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { badRequest } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';

export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif']);
const MAX_SIDE = 512;
export const NOT_AN_IMAGE = 'Please choose a JPEG, PNG, WebP or GIF picture.';

export const uploadsDir = (dataDir: string): string => path.join(dataDir, 'uploads');

/** Re-encodes the upload and stores it; returns its public path (/media/uploads/<name>). */
export async function storePhoto(dataDir: string, input: Buffer): Promise<string> {
  let output: Buffer;
  try {
    const image = sharp(input, { limitInputPixels: 40_000_000, failOn: 'error' });
    const meta = await image.metadata();
    if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) throw new Error('format');
    output = await image
      .rotate()
      .resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw badRequest(NOT_AN_IMAGE, { photo: NOT_AN_IMAGE });
  }
  const dir = uploadsDir(dataDir);
  await mkdir(dir, { recursive: true });
  const name = `${newId()}.webp`;
  await writeFile(path.join(dir, name), output);
  return `/media/uploads/${name}`;
}

/** Removes a photo we stored; anything else (a sample image) is left alone. */
export async function removePhoto(dataDir: string, photo: string | null): Promise<void> {
  const match = photo?.match(/^\/media\/uploads\/([0-9a-f-]{36}\.webp)$/);
  if (match) await rm(path.join(uploadsDir(dataDir), match[1]!), { force: true });
}
