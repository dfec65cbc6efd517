/**
 * Responsive images. A photo uploaded on a staff page is stored at several
 * widths, in WebP and in JPEG (api/src/modules/images), under names that
 * say its size: `/media/uploads/img-<id>-<width>x<height>.jpg` is the
 * largest JPEG, and `…-<w>.webp` / `…-<w>.jpg` each narrower width. From the
 * path alone the browser's `srcset` is known: no lookup, nothing stored
 * beside the entity's image path. Other images (the sample SVG drawings)
 * have no variants.
 */

/** The widths a photo is stored at (those below its own width), besides its own. */
export const IMAGE_WIDTHS = [320, 640, 960, 1280] as const;
/** No photo is stored wider. */
export const IMAGE_MAX_WIDTH = 1920;

const UPLOADED = /^(\/media\/uploads\/img-[0-9a-f-]{36}-(\d{1,5})x(\d{1,5}))\.jpg$/;

export interface ImageSources {
  width: number;
  height: number;
  /** `srcset` of the WebP files. */
  webp: string;
  /** `srcset` of the JPEG files (the fallback). */
  jpeg: string;
  /** The largest JPEG (`src`). */
  src: string;
}

/** The widths an uploaded photo of `width` is stored at, narrowest first. */
export const storedWidths = (width: number): number[] => [...IMAGE_WIDTHS.filter((w) => w < width), width];

/** The file of a photo at one of its widths. */
export const variantPath = (base: string, width: number, format: 'webp' | 'jpg'): string => `${base}-${width}.${format}`;

/** The sources of an uploaded photo, or null for an image without variants. */
export function imageSources(src: string | null | undefined): ImageSources | null {
  const match = src ? UPLOADED.exec(src) : null;
  if (!match) return null;
  const [, base, w, h] = match;
  const width = Number(w);
  const height = Number(h);
  const set = (format: 'webp' | 'jpg') =>
    storedWidths(width)
      .map((x) => `${variantPath(base, x, format)} ${x}w`)
      .join(', ');
  return { width, height, webp: set('webp'), jpeg: set('jpg'), src: src! };
}

/** The name of a new upload's largest JPEG, from its id and size. */
export const uploadedImagePath = (id: string, width: number, height: number): string =>
  `/media/uploads/img-${id}-${width}x${height}.jpg`;
