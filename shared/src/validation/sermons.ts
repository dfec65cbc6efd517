/**
 * Sermons, series, speakers and the media the staff upload for them, as the
 * staff pages edit them: the forms and the API check them with the same
 * rules. No React here.
 */
import * as yup from 'yup';
import { SERMON_DATES, SERMON_LIMITS, SERMON_MEDIA, SERMON_MEDIA_KINDS, type SermonMediaKind } from '../limits';
import { isOneLine, isSlug, UUID } from './patterns';

export const sermonMessages = {
  title: 'Please give a title',
  titleMax: `At most ${SERMON_LIMITS.title} characters`,
  oneLine: 'Use one line of ordinary characters',
  slug: 'Use lowercase letters, digits and hyphens, e.g. the-good-shepherd',
  slugMax: `At most ${SERMON_LIMITS.slug} characters`,
  slugTaken: 'Another sermon already has this address. Please choose another.',
  seriesSlugTaken: 'Another series already has this address. Please choose another.',
  slugLocked: 'The public has heard this sermon at this address, which stays the same so links to it keep working.',
  date: 'Please choose the day it was preached',
  dateInvalid: 'Please choose a real date (YYYY-MM-DD)',
  dateRange: 'Please choose a date between 1900 and 2100',
  speaker: 'Please choose who preached',
  passages: 'Write passages as in a Bible, e.g. John 3:16; 1 Cor 13:4-7',
  passagesMax: `At most ${SERMON_LIMITS.passages} characters`,
  summaryMax: `At most ${SERMON_LIMITS.summary.toLocaleString('en-US')} characters`,
  notesMax: 'These notes are too long',
  image: 'Please upload the picture again',
  media: 'Please upload the file again',
  video: 'Give a YouTube or Vimeo address (https://www.youtube.com/watch?v=… or https://vimeo.com/…)',
  videoBoth: 'Give a YouTube or Vimeo address or upload a video, not both',
  chapters: 'One chapter a line: a time and a title, e.g. 12:30 The prodigal son',
  chaptersMax: `At most ${SERMON_LIMITS.chapters} chapters`,
  publishAt: 'Please choose a real day and time',
  name: 'Please give a name',
  nameMax: `At most ${SERMON_LIMITS.name} characters`,
  roleMax: `At most ${SERMON_LIMITS.role} characters`,
  seriesTitle: 'Please give the series a title',
  descriptionMax: `At most ${SERMON_LIMITS.description.toLocaleString('en-US')} characters`,
  fileKind: 'Choose audio, video or a transcript',
  fileName: 'The file needs a name',
  fileSize: 'The file is empty',
  fileType: (kind: SermonMediaKind) =>
    kind === 'audio'
      ? 'Audio must be an MP3 or M4A file'
      : kind === 'video'
        ? 'Video must be an MP4 file'
        : 'A transcript must be a WebVTT (.vtt) file',
  tooLarge: (kind: SermonMediaKind, megabytes: number) =>
    `That ${SERMON_MEDIA[kind].label} file is larger than ${megabytes.toLocaleString('en-US')} MB.`,
} as const;

/** A picture: a sample drawing (/media/…) or an uploaded photo (/media/uploads/…). */
const PICTURE = /^\/media\/(uploads\/)?[A-Za-z0-9][A-Za-z0-9._-]{0,127}\.(svg|png|jpe?g|webp)$/;
/** A sermon's file: shipped with the sample content (/media/sermons/…) or uploaded (/media/uploads/…). */
export const SERMON_FILE = /^\/media\/(sermons|uploads)\/[A-Za-z0-9][A-Za-z0-9._-]{0,127}\.(mp3|m4a|mp4|vtt)$/;
/** 'YYYY-MM-DDTHH:mm', the site's clock. */
const LOCAL_MOMENT = /^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/;

/** A video or live stream on YouTube or Vimeo, as an address names it. */
export interface HostedVideo {
  provider: 'youtube' | 'vimeo';
  /** A video ('dQw4w9WgXcQ', '76979871'), a YouTube channel's live stream ('UC…'), or a Vimeo live event. */
  kind: 'video' | 'channel' | 'event';
  id: string;
}

/**
 * The YouTube or Vimeo video an address names: a video's page or short
 * link, a YouTube live address or channel (its live stream, whichever it
 * is that week), a Vimeo video or live event; null when it names none.
 */
export function videoFromAddress(address: string): HostedVideo | null {
  let url: URL;
  try {
    url = new URL(address.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.replace(/^(www|m)\./, '');
  const youtubeId = /^[A-Za-z0-9_-]{11}$/;
  if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const watched = url.searchParams.get('v');
    if (url.pathname === '/watch' && watched && youtubeId.test(watched))
      return { provider: 'youtube', kind: 'video', id: watched };
    const [, first, second] = url.pathname.split('/');
    if ((first === 'embed' || first === 'live' || first === 'shorts') && second && youtubeId.test(second))
      return { provider: 'youtube', kind: 'video', id: second };
    if (first === 'channel' && second && /^UC[A-Za-z0-9_-]{22}$/.test(second))
      return { provider: 'youtube', kind: 'channel', id: second };
    return null;
  }
  if (host === 'youtu.be') {
    const id = url.pathname.slice(1);
    return youtubeId.test(id) ? { provider: 'youtube', kind: 'video', id } : null;
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const event = /^\/event\/(\d{5,12})(?:\/|$)/.exec(url.pathname);
    if (event) return { provider: 'vimeo', kind: 'event', id: event[1]! };
    const video = /^\/(?:video\/)?(\d{6,12})(?:\/|$)/.exec(url.pathname);
    if (video) return { provider: 'vimeo', kind: 'video', id: video[1]! };
  }
  return null;
}

/**
 * The privacy-enhanced player of a hosted video: YouTube's no-cookie
 * domain, Vimeo with "do not track". Loaded only when the visitor presses
 * play, so it starts at once (autoplay).
 */
export function embedAddress(video: HostedVideo): string {
  if (video.provider === 'youtube') {
    return video.kind === 'channel'
      ? `https://www.youtube-nocookie.com/embed/live_stream?channel=${video.id}&autoplay=1`
      : `https://www.youtube-nocookie.com/embed/${video.id}?autoplay=1&rel=0`;
  }
  return video.kind === 'event'
    ? `https://vimeo.com/event/${video.id}/embed?dnt=1&autoplay=1`
    : `https://player.vimeo.com/video/${video.id}?dnt=1&autoplay=1`;
}

/** The video's own page on YouTube or Vimeo. */
export function videoPage(video: HostedVideo): string {
  if (video.provider === 'youtube') {
    return video.kind === 'channel'
      ? `https://www.youtube.com/channel/${video.id}/live`
      : `https://www.youtube.com/watch?v=${video.id}`;
  }
  return video.kind === 'event' ? `https://vimeo.com/event/${video.id}` : `https://vimeo.com/${video.id}`;
}

/** Whether 'YYYY-MM-DD' is a day of the calendar. */
function isDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [year, month, day] = value.split('-').map(Number);
  const date = new Date(Date.UTC(year!, month! - 1, day!));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month! - 1 && date.getUTCDate() === day;
}

/** '1:02:03' or '12:30' → seconds; null when it is not a time. */
export function readTimestamp(text: string): number | null {
  const match = /^(?:(\d{1,2}):)?(\d{1,3}):([0-5]\d)$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1] ?? 0) * 3600 + Number(match[2]) * 60 + Number(match[3]);
}

/** The chapters the form's lines give ('12:30 The prodigal son'), in time order; null when a line is not one. */
export function readChapters(text: string): { start: number; title: string }[] | null {
  const chapters: { start: number; title: string }[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim()) continue;
    const match = /^\s*(\S+)\s+(.+?)\s*$/.exec(line);
    const start = match ? readTimestamp(match[1]!) : null;
    if (!match || start === null || match[2]!.length > SERMON_LIMITS.chapterTitle) return null;
    chapters.push({ start, title: match[2]! });
  }
  return chapters.sort((a, b) => a.start - b.start);
}

/** A field the form may leave out or send as null: read as ''. */
const orEmpty = (value: unknown) => value ?? '';

const line = (max: number, maxMessage: string) =>
  yup.string().trim().max(max, maxMessage).test('one-line', sermonMessages.oneLine, isOneLine);

const slug = () =>
  yup
    .string()
    .trim()
    .lowercase()
    .default('')
    .transform(orEmpty)
    .max(SERMON_LIMITS.slug, sermonMessages.slugMax)
    .test('slug', sermonMessages.slug, isSlug);

const optionalPicture = () =>
  yup
    .string()
    .trim()
    .default('')
    .transform(orEmpty)
    .matches(PICTURE, { message: sermonMessages.image, excludeEmptyString: true });
const optionalFile = () =>
  yup
    .string()
    .trim()
    .default('')
    .transform(orEmpty)
    .matches(SERMON_FILE, { message: sermonMessages.media, excludeEmptyString: true });

export const sermonInputSchema = yup
  .object({
    title: line(SERMON_LIMITS.title, sermonMessages.titleMax).required(sermonMessages.title),
    slug: slug(),
    date: yup
      .string()
      .trim()
      .required(sermonMessages.date)
      .test('calendar', sermonMessages.dateInvalid, (v) => !v || isDay(v))
      .test('range', sermonMessages.dateRange, (v) => !v || !isDay(v) || (v >= SERMON_DATES.min && v <= SERMON_DATES.max)),
    speaker: yup.string().trim().required(sermonMessages.speaker).matches(UUID, sermonMessages.speaker),
    series: yup
      .string()
      .trim()
      .default('')
      .transform(orEmpty)
      .matches(UUID, { message: 'Please choose the series again', excludeEmptyString: true }),
    passages: line(SERMON_LIMITS.passages, sermonMessages.passagesMax).default('').transform(orEmpty),
    summary: yup.string().trim().default('').transform(orEmpty).max(SERMON_LIMITS.summary, sermonMessages.summaryMax),
    notes: yup.string().default('').transform(orEmpty).max(SERMON_LIMITS.notes, sermonMessages.notesMax),
    image: optionalPicture(),
    audio: optionalFile().test('audio', sermonMessages.media, (v) => !v || /\.(mp3|m4a)$/.test(v)),
    videoUrl: yup
      .string()
      .trim()
      .default('')
      .transform(orEmpty)
      .max(500, sermonMessages.video)
      .test('video', sermonMessages.video, (v) => !v || videoFromAddress(v) !== null),
    video: optionalFile().test('video', sermonMessages.media, (v) => !v || v.endsWith('.mp4')),
    transcript: optionalFile().test('transcript', sermonMessages.media, (v) => !v || v.endsWith('.vtt')),
    chapters: yup
      .string()
      .default('')
      .transform(orEmpty)
      .max(10_000, sermonMessages.chaptersMax)
      .test('chapters', sermonMessages.chapters, (v) => !v || readChapters(v) !== null)
      .test('count', sermonMessages.chaptersMax, (v) => !v || (readChapters(v) ?? []).length <= SERMON_LIMITS.chapters),
    /** When the public sees it once published, on the site's clock; '' for "at once". */
    publishAt: yup
      .string()
      .trim()
      .default('')
      .transform(orEmpty)
      .test('moment', sermonMessages.publishAt, (v) => !v || (LOCAL_MOMENT.test(v) && isDay(v.slice(0, 10)))),
  })
  .test('one-video', sermonMessages.videoBoth, function (value) {
    return !(value?.videoUrl && value.video) || this.createError({ path: 'videoUrl', message: sermonMessages.videoBoth });
  });
export type SermonInput = yup.InferType<typeof sermonInputSchema>;

export const seriesInputSchema = yup.object({
  title: line(SERMON_LIMITS.title, sermonMessages.titleMax).required(sermonMessages.seriesTitle),
  slug: slug(),
  description: yup.string().trim().default('').transform(orEmpty).max(SERMON_LIMITS.description, sermonMessages.descriptionMax),
  image: optionalPicture(),
});
export type SeriesInput = yup.InferType<typeof seriesInputSchema>;

export const speakerInputSchema = yup.object({
  name: line(SERMON_LIMITS.name, sermonMessages.nameMax).required(sermonMessages.name),
  role: line(SERMON_LIMITS.role, sermonMessages.roleMax).default('').transform(orEmpty),
  photo: optionalPicture(),
});
export type SpeakerInput = yup.InferType<typeof speakerInputSchema>;

/** The kind of file a name's extension says, or null. */
export function mediaKindOf(fileName: string): SermonMediaKind | null {
  const name = fileName.toLowerCase();
  return SERMON_MEDIA_KINDS.find((kind) => SERMON_MEDIA[kind].extensions.some((ext) => name.endsWith(ext))) ?? null;
}

/** A file the staff start to upload: its kind, name and size (the size limit per kind is the server's). */
export const mediaUploadSchema = yup
  .object({
    kind: yup
      .string()
      .required(sermonMessages.fileKind)
      .oneOf([...SERMON_MEDIA_KINDS], sermonMessages.fileKind),
    fileName: yup.string().trim().required(sermonMessages.fileName).max(SERMON_LIMITS.fileName, sermonMessages.fileName),
    size: yup
      .number()
      .typeError(sermonMessages.fileSize)
      .required(sermonMessages.fileSize)
      .integer(sermonMessages.fileSize)
      .min(1, sermonMessages.fileSize),
  })
  .test('extension', 'The file does not fit', function (value) {
    if (!value?.kind || !value.fileName) return true;
    const kind = value.kind as SermonMediaKind;
    return mediaKindOf(value.fileName) === kind || this.createError({ path: 'fileName', message: sermonMessages.fileType(kind) });
  });
export type MediaUploadInput = yup.InferType<typeof mediaUploadSchema>;
