/** Photos uploaded on staff pages: stored at the widths the pages use, in WebP and JPEG, without their metadata. */
import assert from 'node:assert/strict';
import path from 'node:path';
import { it } from 'node:test';
import sharp from 'sharp';
import { imageSources } from '@ministry/shared/format';
import { createMember, describeEachDatabase, json } from './helpers.js';

/** A multipart body with one file field. */
function multipart(field: string, filename: string, type: string, content: Buffer) {
  const boundary = '----ministry-test-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describeEachDatabase('staff photo uploads', (ctx) => {
  const upload = (cookie: string | undefined, file: ReturnType<typeof multipart>) =>
    ctx().app.inject({
      method: 'POST',
      url: '/api/admin/images',
      payload: file.payload,
      headers: { ...file.headers, ...(cookie ? { cookie } : {}) },
    });

  it('a phone photo is turned upright, stripped of its metadata and stored at every width the pages use, in WebP and JPEG', async () => {
    const editor = await createMember(ctx().app, { role: 'editor' });
    // A 3000x4000 portrait shot stored sideways with an orientation tag, as phones do, and a camera tag.
    const photo = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#6a8caf' } })
      .withMetadata({ orientation: 6, exif: { IFD0: { Make: 'PhoneMaker', Model: 'Camera 12' } } })
      .jpeg({ quality: 90 })
      .toBuffer();
    const res = await upload(editor.cookie, multipart('image', 'IMG_0001.JPG', 'image/jpeg', photo));
    assert.equal(res.statusCode, 200, res.body);
    const { src, width, height } = json<{ data: { src: string; width: number; height: number } }>(res).data;
    assert.deepEqual([width, height], [1920, 2560], 'upright (portrait) and at most 1920 wide');
    const sources = imageSources(src);
    assert.ok(sources, `${src} names its sizes`);
    const files = [...sources.webp.split(', '), ...sources.jpeg.split(', ')].map((s) => s.split(' ')[0]);
    assert.equal(files.length, 10, 'five widths, two formats');
    const stored = async (file: string) => (await ctx().app.uploads.get(path.basename(file)))?.data;
    for (const file of [src, ...files]) assert.ok(await stored(file), file);
    const largest = await sharp(await stored(src)).metadata();
    assert.equal(largest.exif, undefined, 'no camera metadata is kept');
    assert.equal(largest.orientation, undefined);
    const small = await sharp(await stored(files[0])).metadata();
    assert.deepEqual([small.format, small.width], ['webp', 320]);
  });

  it('refuses what is not a photo, and anyone but the staff', async () => {
    const editor = await createMember(ctx().app, { role: 'editor' });
    const member = await createMember(ctx().app);
    const text = multipart('image', 'photo.jpg', 'image/jpeg', Buffer.from('not really a picture'));
    const refused = await upload(editor.cookie, text);
    assert.equal(refused.statusCode, 400);
    assert.match(json<{ error: { message: string } }>(refused).error.message, /JPEG, PNG, WebP/);
    assert.equal((await upload(undefined, text)).statusCode, 401);
    assert.equal((await upload(member.cookie, text)).statusCode, 403);
  });
});
