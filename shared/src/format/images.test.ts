import { imageSources, storedWidths, uploadedImagePath } from './images';

describe('responsive images', () => {
  it('knows the widths and formats of an uploaded photo from its path', () => {
    const src = uploadedImagePath('0b6f4c1e-93f5-4d7b-9c1a-2f7e6b0c9d11', 1200, 800);
    expect(imageSources(src)).toEqual({
      width: 1200,
      height: 800,
      src,
      webp: [320, 640, 960, 1200].map((w) => `${src.replace(/\.jpg$/, '')}-${w}.webp ${w}w`).join(', '),
      jpeg: [320, 640, 960, 1200].map((w) => `${src.replace(/\.jpg$/, '')}-${w}.jpg ${w}w`).join(', '),
    });
    expect(storedWidths(300)).toEqual([300]);
  });

  it('has no variants for other images', () => {
    expect(imageSources('/media/devotional-1.svg')).toBeNull();
    expect(imageSources('/media/uploads/photo.webp')).toBeNull();
    expect(imageSources(null)).toBeNull();
  });
});
