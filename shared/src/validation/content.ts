/**
 * Devotionals, news items and press releases as the staff write them: the
 * forms and the API check them with the same rules. No React here.
 */
import * as yup from 'yup';
import { CONTENT_DATES, CONTENT_LIMITS } from '../limits';
import { isOneLine, isSlug } from './patterns';

export const contentMessages = {
  title: 'Please give a title',
  titleMax: `At most ${CONTENT_LIMITS.title} characters`,
  oneLine: 'Use one line of ordinary characters',
  slug: 'Use lowercase letters, digits and hyphens, e.g. walking-in-the-light',
  slugMax: `At most ${CONTENT_LIMITS.slug} characters`,
  slugTaken: 'Another devotional already has this address. Please choose another.',
  slugLocked: 'The public has read this devotional at this address, which stays the same so links to it keep working.',
  date: 'Please choose a date',
  dateInvalid: 'Please choose a real date (YYYY-MM-DD)',
  dateRange: 'Please choose a date between 2000 and 2100',
  versesMax: `At most ${CONTENT_LIMITS.verses} characters`,
  tags: 'Choose or add at least one tag',
  tagsMax: `At most ${CONTENT_LIMITS.tags} tags`,
  tag: `A tag is one to ${CONTENT_LIMITS.tag} letters, digits, spaces or hyphens`,
  image: 'Please add a photo',
  imageInvalid: 'Please upload the photo again',
  body: 'Please write the devotional',
  bodyMax: 'This text is too long',
  text: 'Please write the text',
  textMax: `At most ${CONTENT_LIMITS.text.toLocaleString('en-US')} characters`,
} as const;

const TAG = /^[\p{L}\p{N}](?:[\p{L}\p{N}' &-]*[\p{L}\p{N}])?$/u;
/** A sample drawing (/media/…) or an uploaded photo (/media/uploads/…). */
export const MEDIA_PATH = /^\/media\/(uploads\/)?[A-Za-z0-9][A-Za-z0-9._-]{0,127}\.(svg|png|jpe?g|webp)$/;

/** Whether 'YYYY-MM-DD' is a day of the calendar (not 2026-02-30). */
function isDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [year, month, day] = value.split('-').map(Number);
  const date = new Date(Date.UTC(year!, month! - 1, day!));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month! - 1 && date.getUTCDate() === day;
}

/** The text of an HTML body, without its tags. */
const bodyText = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;|&#160;/g, ' ')
    .trim();

const title = () =>
  yup
    .string()
    .trim()
    .required(contentMessages.title)
    .max(CONTENT_LIMITS.title, contentMessages.titleMax)
    .test('one-line', contentMessages.oneLine, isOneLine);

const day = () =>
  yup
    .string()
    .trim()
    .required(contentMessages.date)
    .test('calendar', contentMessages.dateInvalid, (v) => !v || isDay(v))
    .test('range', contentMessages.dateRange, (v) => !v || !isDay(v) || (v >= CONTENT_DATES.min && v <= CONTENT_DATES.max));

const photo = () => yup.string().trim().required(contentMessages.image).matches(MEDIA_PATH, contentMessages.imageInvalid);

/** The same tag whatever its case or spacing ('hope ', 'Hope'). */
export const tagKey = (tag: string): string => tag.trim().replace(/\s+/g, ' ').toLowerCase();

export const devotionalInputSchema = yup.object({
  title: title(),
  slug: yup
    .string()
    .trim()
    .lowercase()
    .default('')
    .max(CONTENT_LIMITS.slug, contentMessages.slugMax)
    .test('slug', contentMessages.slug, isSlug),
  date: day(),
  verses: yup
    .string()
    .trim()
    .default('')
    .max(CONTENT_LIMITS.verses, contentMessages.versesMax)
    .test('one-line', contentMessages.oneLine, isOneLine),
  tags: yup
    .array(yup.string().defined())
    .transform((tags: unknown) =>
      Array.isArray(tags) ? tags.map((t) => (typeof t === 'string' ? t.trim().replace(/\s+/g, ' ') : t)) : tags,
    )
    .required(contentMessages.tags)
    .min(1, contentMessages.tags)
    .max(CONTENT_LIMITS.tags, contentMessages.tagsMax)
    .test(
      'each',
      contentMessages.tag,
      (tags) => !tags || tags.every((t) => typeof t === 'string' && t.length <= CONTENT_LIMITS.tag && TAG.test(t)),
    ),
  image: photo(),
  detail: yup
    .string()
    .required(contentMessages.body)
    .max(CONTENT_LIMITS.body, contentMessages.bodyMax)
    .test('text', contentMessages.body, (v) => !v || bodyText(v).length > 0),
});

export const articleInputSchema = yup.object({
  title: title(),
  description: yup.string().trim().required(contentMessages.text).max(CONTENT_LIMITS.text, contentMessages.textMax),
  photo: photo(),
  date: day(),
});
