/** The image a share preview links to: its size and its address on the API. */

/** Width and height of the images share previews link to (the large-card ratio). */
export const SHARE_IMAGE = { width: 1200, height: 630 } as const;

/** Local images are offered as a PNG of the large-card size (networks ignore SVG); remote ones as they are. */
export const isRemoteImage = (image: string): boolean => /^https?:\/\//i.test(image);

export function shareImageUrl(image: string, publicUrl: string): string {
  if (isRemoteImage(image)) return image;
  return `${publicUrl}/api/share/image?src=${encodeURIComponent(image)}`;
}
