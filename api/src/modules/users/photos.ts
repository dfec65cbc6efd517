/**
 * Profile photos: at most 5 MB, checked by content (sharp reads the real
 * format, whatever the name or type says), re-encoded to WebP at most
 * 512x512 with metadata stripped, saved under a server-made name.
 */
import { sharp } from '../../lib/sharp.js';
import { badRequest } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { UploadStore } from '../../lib/uploads.js';

export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif']);
const MAX_SIDE = 512;
export const NOT_AN_IMAGE = 'Please choose a JPEG, PNG, WebP or GIF picture.';

/** Re-encodes the upload and stores it; returns its public path (/media/uploads/<name>). */
export async function storePhoto(uploads: UploadStore, input: Buffer): Promise<string> {
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
  const name = `${newId()}.webp`;
  await uploads.put(name, output, 'image/webp');
  return `/media/uploads/${name}`;
}

/** Removes a photo we stored; anything else (a sample image) is left alone. */
export async function removePhoto(uploads: UploadStore, photo: string | null): Promise<void> {
  const match = photo?.match(/^\/media\/uploads\/([0-9a-f-]{36}\.webp)$/);
  if (match) await uploads.remove(match[1]!);
}
