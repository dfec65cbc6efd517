import type { ImgHTMLAttributes } from 'react';
import { preload as preloadResource } from 'react-dom';
import { imageSources } from '../format/images';

/**
 * An image at the width the layout needs: an uploaded photo comes as WebP
 * (JPEG where WebP is not read) at the width `sizes` asks for, with its
 * width and height set so nothing moves as it loads; any other image (the
 * sample drawings) is a plain `<img>`. `preload` (the image a page paints
 * largest) puts a preload of the same srcset and sizes in the page's head,
 * so the browser fetches it with the HTML instead of after the scripts.
 */
export function ResponsiveImage({
  src,
  sizes,
  alt,
  preload = false,
  ...img
}: Omit<ImgHTMLAttributes<HTMLImageElement>, 'srcSet'> & { src: string; sizes: string; alt: string; preload?: boolean }) {
  const sources = imageSources(src);
  if (preload) {
    if (sources) preloadResource(sources.src, { as: 'image', imageSrcSet: sources.webp, imageSizes: sizes, type: 'image/webp' });
    else preloadResource(src, { as: 'image' });
  }
  if (!sources) return <img src={src} alt={alt} {...img} />;
  return (
    <picture>
      <source type="image/webp" srcSet={sources.webp} sizes={sizes} />
      <img
        src={sources.src}
        srcSet={sources.jpeg}
        sizes={sizes}
        width={sources.width}
        height={sources.height}
        alt={alt}
        {...img}
      />
    </picture>
  );
}
