/**
 * The site as an installable app: `GET /manifest.webmanifest` (the web app
 * manifest every page links) and its icons under `/icons/`, drawn from the
 * site's logo (api/content/media/favicon.svg) with sharp when first asked
 * for and kept in memory. Name and colours come from the site identity; the
 * shortcuts are pages the apps declare in their app.json.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sharp } from '../../lib/sharp.js';
import { siteIdentity } from '@ministry/shared/config';
import { notFound } from '../../lib/errors.js';
import { errors } from '../../schemas/entities.js';

/**
 * Each icon the manifest lists: `any` icons are the round logo on a clear
 * ground; a `maskable` one fills the square with the theme colour and keeps
 * the logo inside the middle 80% (the part every launcher's mask shows);
 * the Apple touch icon is opaque (iOS paints a clear ground black).
 */
const ICONS = {
  'icon-192.png': { size: 192, purpose: 'any', logo: 1, ground: null },
  'icon-512.png': { size: 512, purpose: 'any', logo: 1, ground: null },
  'maskable-192.png': { size: 192, purpose: 'maskable', logo: 0.8, ground: siteIdentity.appColors.theme },
  'maskable-512.png': { size: 512, purpose: 'maskable', logo: 0.8, ground: siteIdentity.appColors.theme },
  'apple-touch-icon.png': { size: 180, purpose: null, logo: 0.86, ground: siteIdentity.appColors.theme },
} as const;

type IconFile = keyof typeof ICONS;

const ICON_FILES = Object.keys(ICONS) as IconFile[];

const icon = (file: IconFile, purpose: string) => ({
  src: `/icons/${file}`,
  sizes: `${ICONS[file].size}x${ICONS[file].size}`,
  type: 'image/png',
  purpose,
});

/** The shortcuts an installed app offers on its icon (long press, right click). */
const SHORTCUTS = [
  { name: "Today's devotional", short_name: 'Devotional', url: '/daily-devotion' },
  { name: 'Events', short_name: 'Events', url: '/events' },
  { name: 'My tickets', short_name: 'Tickets', url: '/my-tickets' },
  { name: 'Give', short_name: 'Give', url: '/offering' },
];

export function webManifest() {
  return {
    id: '/',
    name: siteIdentity.ministryName,
    short_name: siteIdentity.shortName,
    description: siteIdentity.tagline,
    lang: 'en',
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: siteIdentity.appColors.theme,
    background_color: siteIdentity.appColors.background,
    icons: ICON_FILES.filter((file) => ICONS[file].purpose).map((file) => icon(file, ICONS[file].purpose!)),
    shortcuts: SHORTCUTS.map((shortcut) => ({ ...shortcut, icons: [icon('icon-192.png', 'any')] })),
  };
}

export async function installRoutes(app: FastifyInstance): Promise<void> {
  const manifest = JSON.stringify(webManifest());
  const drawn = new Map<IconFile, Promise<Buffer>>();

  async function draw(file: IconFile): Promise<Buffer> {
    const { size, logo, ground } = ICONS[file];
    const svg = await readFile(path.join(app.config.siteRoot, 'api', 'content', 'media', 'favicon.svg'));
    const side = Math.round(size * logo);
    const mark = await sharp(svg, { density: Math.ceil((72 * side) / 48) + 1 })
      .resize(side, side, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png()
      .toBuffer();
    const offset = Math.floor((size - side) / 2);
    return sharp({
      create: { width: size, height: size, channels: 4, background: ground ?? { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .composite([{ input: mark, left: offset, top: offset }])
      .png({ compressionLevel: 9 })
      .toBuffer();
  }

  app.get('/manifest.webmanifest', { schema: {} }, async (_request, reply) =>
    reply.type('application/manifest+json; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(manifest),
  );

  app.get<{ Params: { file: string } }>(
    '/icons/:file',
    {
      schema: {
        params: { type: 'object', properties: { file: { type: 'string', maxLength: 40 } }, required: ['file'] },
        response: { ...errors(404) },
      },
    },
    async (request, reply) => {
      const file = request.params.file as IconFile;
      if (!ICON_FILES.includes(file)) throw notFound('That icon');
      let png = drawn.get(file);
      if (!png) {
        png = draw(file);
        drawn.set(file, png);
        png.catch(() => drawn.delete(file));
      }
      return reply
        .type('image/png')
        .header('Cache-Control', 'public, max-age=86400')
        .send(await png);
    },
  );
}
