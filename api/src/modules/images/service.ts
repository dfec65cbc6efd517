/**
 * Photos uploaded on staff pages: checked by content (sharp reads the real
 * format), turned upright, stripped of metadata (camera, place), and stored
 * at the widths the pages use (@ministry/shared/format `storedWidths`, at
 * most IMAGE_MAX_WIDTH), each in WebP and in JPEG, under names that tell
 * the browser's srcset (`imageSources`).
 */
import path from 'node:path';
import type { Sharp } from 'sharp';
import { sharp } from '../../lib/sharp.js';
import { IMAGE_MAX_WIDTH, storedWidths, uploadedImagePath, variantPath } from '@ministry/shared/format';
import { badRequest } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { UploadStore } from '../../lib/uploads.js';

/** A phone photo of several megabytes is fine; more is not a photo for a web page. */
export const IMAGE_MAX_BYTES = 15 * 1024 * 1024;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);
export const NOT_A_PHOTO = 'Please choose a JPEG, PNG, WebP or HEIC photo.';

export interface StoredImage {
  /** The largest JPEG: what an entity stores as its image. */
  src: string;
  width: number;
  height: number;
}

export async function storeImage(uploads: UploadStore, input: Buffer): Promise<StoredImage> {
  let upright: Sharp;
  let width: number;
  let height: number;
  try {
    const image = sharp(input, { limitInputPixels: 60_000_000, failOn: 'error' });
    const meta = await image.metadata();
    if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) throw new Error('format');
    // Turned upright once, then capped: every width is made from this.
    const { data, info } = await image
      .rotate()
      .resize({ width: IMAGE_MAX_WIDTH, withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .toBuffer({ resolveWithObject: true });
    upright = sharp(data);
    width = info.width;
    height = info.height;
  } catch {
    throw badRequest(NOT_A_PHOTO, { image: NOT_A_PHOTO });
  }
  const src = uploadedImagePath(newId(), width, height);
  const base = src.replace(/\.jpg$/, '');
  const name = (p: string) => path.basename(p);
  for (const w of storedWidths(width)) {
    const resized = upright.clone().resize({ width: w });
    await uploads.put(name(variantPath(base, w, 'webp')), await resized.clone().webp({ quality: 78 }).toBuffer(), 'image/webp');
    await uploads.put(
      name(variantPath(base, w, 'jpg')),
      await resized.clone().jpeg({ quality: 80, mozjpeg: true }).toBuffer(),
      'image/jpeg',
    );
  }
  // The largest JPEG last: once it is there, every width is.
  await uploads.put(name(src), await upright.clone().jpeg({ quality: 82, mozjpeg: true }).toBuffer(), 'image/jpeg');
  return { src, width, height };
}
