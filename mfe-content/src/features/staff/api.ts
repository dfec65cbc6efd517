/** The staff's calls for devotionals, news items, press releases and sermons (editors and admins), and their photos and files. */
import { errorStatus, http } from '@ministry/shared/api';
import type { SermonMediaKind } from '@ministry/shared/limits';
import type {
  ArticleKind,
  ContentState,
  DevotionalTag,
  Envelope,
  MediaUpload,
  StaffMedia,
  StaffSeries,
  StaffSermon,
  StaffSermonPage,
  StaffSpeaker,
  StaffArticle,
  StaffArticleInput,
  StaffDevotional,
  StaffDevotionalInput,
  StaffListPage,
} from '@ministry/shared/types';

export interface StaffListFilter {
  /** Words of the title. */
  q?: string;
  /** Devotionals only: one of their tags. */
  tag?: string;
  state?: ContentState;
  offset?: number;
}

/** Only the filters that are set, so the address stays short. */
const params = (filter: StaffListFilter) =>
  Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined && v !== ''));

export async function listStaffDevotionals(filter: StaffListFilter = {}): Promise<StaffListPage<StaffDevotional>> {
  return (await http.get<Envelope<StaffListPage<StaffDevotional>>>('/api/admin/devotionals', { params: params(filter) })).data
    .data;
}

/** The tags in use, most used first. */
export async function getDevotionalTags(): Promise<DevotionalTag[]> {
  return (await http.get<Envelope<DevotionalTag[]>>('/api/admin/devotionals/tags')).data.data;
}

export async function getStaffDevotional(id: string): Promise<StaffDevotional> {
  return (await http.get<Envelope<StaffDevotional>>(`/api/admin/devotionals/${encodeURIComponent(id)}`)).data.data;
}

/** Saved as a draft. */
export async function createDevotional(input: StaffDevotionalInput): Promise<StaffDevotional> {
  return (await http.post<Envelope<StaffDevotional>>('/api/admin/devotionals', input)).data.data;
}

export async function updateDevotional(id: string, input: StaffDevotionalInput): Promise<StaffDevotional> {
  return (await http.put<Envelope<StaffDevotional>>(`/api/admin/devotionals/${encodeURIComponent(id)}`, input)).data.data;
}

/** Published (or scheduled, when dated ahead), or back to a draft. */
export async function setDevotionalPublished(id: string, published: boolean): Promise<StaffDevotional> {
  const action = published ? 'publish' : 'unpublish';
  return (await http.post<Envelope<StaffDevotional>>(`/api/admin/devotionals/${encodeURIComponent(id)}/${action}`)).data.data;
}

export async function deleteDevotional(id: string): Promise<void> {
  await http.delete(`/api/admin/devotionals/${encodeURIComponent(id)}`);
}

export async function listStaffArticles(kind: ArticleKind, filter: StaffListFilter = {}): Promise<StaffListPage<StaffArticle>> {
  return (await http.get<Envelope<StaffListPage<StaffArticle>>>(`/api/admin/${kind}`, { params: params(filter) })).data.data;
}

export async function getStaffArticle(kind: ArticleKind, id: string): Promise<StaffArticle> {
  return (await http.get<Envelope<StaffArticle>>(`/api/admin/${kind}/${encodeURIComponent(id)}`)).data.data;
}

export async function createArticle(kind: ArticleKind, input: StaffArticleInput): Promise<StaffArticle> {
  return (await http.post<Envelope<StaffArticle>>(`/api/admin/${kind}`, input)).data.data;
}

export async function updateArticle(kind: ArticleKind, id: string, input: StaffArticleInput): Promise<StaffArticle> {
  return (await http.put<Envelope<StaffArticle>>(`/api/admin/${kind}/${encodeURIComponent(id)}`, input)).data.data;
}

export async function setArticlePublished(kind: ArticleKind, id: string, published: boolean): Promise<StaffArticle> {
  const action = published ? 'publish' : 'unpublish';
  return (await http.post<Envelope<StaffArticle>>(`/api/admin/${kind}/${encodeURIComponent(id)}/${action}`)).data.data;
}

export async function deleteArticle(kind: ArticleKind, id: string): Promise<void> {
  await http.delete(`/api/admin/${kind}/${encodeURIComponent(id)}`);
}

/** POST /api/admin/images: a photo for a devotional, news item, press release or event; answers what the entity stores. */
export async function uploadStaffImage(file: File): Promise<{ src: string; width: number; height: number }> {
  const form = new FormData();
  form.append('image', file);
  return (await http.post<Envelope<{ src: string; width: number; height: number }>>('/api/admin/images', form)).data.data;
}

/* Sermons, their series and speakers, and their files. */

export interface StaffSermonFilter {
  q?: string;
  state?: ContentState;
  series?: string;
  speaker?: string;
  offset?: number;
}

/** What the sermon form sends (every text as typed; the server reads the passages, files and chapters). */
export interface StaffSermonInput {
  title: string;
  slug: string;
  date: string;
  speaker: string;
  series: string;
  passages: string;
  summary: string;
  notes: string;
  image: string;
  audio: string;
  videoUrl: string;
  video: string;
  transcript: string;
  chapters: string;
  /** 'YYYY-MM-DDTHH:mm' on the church's clock; '' for at once. */
  publishAt: string;
}

export async function listStaffSermons(filter: StaffSermonFilter = {}): Promise<StaffSermonPage> {
  return (await http.get<Envelope<StaffSermonPage>>('/api/admin/sermons', { params: params(filter) })).data.data;
}

export async function getStaffSermon(id: string): Promise<StaffSermon> {
  return (await http.get<Envelope<StaffSermon>>(`/api/admin/sermons/${encodeURIComponent(id)}`)).data.data;
}

/** Saved as a draft. */
export async function createSermon(input: StaffSermonInput): Promise<StaffSermon> {
  return (await http.post<Envelope<StaffSermon>>('/api/admin/sermons', input)).data.data;
}

export async function updateSermon(id: string, input: StaffSermonInput): Promise<StaffSermon> {
  return (await http.put<Envelope<StaffSermon>>(`/api/admin/sermons/${encodeURIComponent(id)}`, input)).data.data;
}

/** Published (or scheduled, when its moment is ahead), or back to a draft. */
export async function setSermonPublished(id: string, published: boolean): Promise<StaffSermon> {
  const action = published ? 'publish' : 'unpublish';
  return (await http.post<Envelope<StaffSermon>>(`/api/admin/sermons/${encodeURIComponent(id)}/${action}`)).data.data;
}

export async function deleteSermon(id: string): Promise<void> {
  await http.delete(`/api/admin/sermons/${encodeURIComponent(id)}`);
}

export async function listStaffSeries(): Promise<StaffSeries[]> {
  return (await http.get<Envelope<StaffSeries[]>>('/api/admin/sermon-series')).data.data;
}

export interface SeriesInput {
  title: string;
  slug: string;
  description: string;
  image: string;
}

export async function saveSeries(id: string | null, input: SeriesInput): Promise<StaffSeries> {
  return id
    ? (await http.put<Envelope<StaffSeries>>(`/api/admin/sermon-series/${encodeURIComponent(id)}`, input)).data.data
    : (await http.post<Envelope<StaffSeries>>('/api/admin/sermon-series', input)).data.data;
}

export async function deleteSeries(id: string): Promise<void> {
  await http.delete(`/api/admin/sermon-series/${encodeURIComponent(id)}`);
}

export async function listStaffSpeakers(): Promise<StaffSpeaker[]> {
  return (await http.get<Envelope<StaffSpeaker[]>>('/api/admin/speakers')).data.data;
}

export interface SpeakerInput {
  name: string;
  role: string;
  photo: string;
}

export async function saveSpeaker(id: string | null, input: SpeakerInput): Promise<StaffSpeaker> {
  return id
    ? (await http.put<Envelope<StaffSpeaker>>(`/api/admin/speakers/${encodeURIComponent(id)}`, input)).data.data
    : (await http.post<Envelope<StaffSpeaker>>('/api/admin/speakers', input)).data.data;
}

export async function deleteSpeaker(id: string): Promise<void> {
  await http.delete(`/api/admin/speakers/${encodeURIComponent(id)}`);
}

/** A part that did not arrive (the connection dropped) is sent again this many times before the upload gives up. */
const PART_TRIES = 3;

/**
 * Uploads a sermon's audio, video or transcript in parts (the server's
 * `partBytes`), each its own request: `onProgress` hears the bytes sent so
 * far; a part lost on the way is sent again from where the server says the
 * upload stands. `signal` cancels it (the server forgets what it had).
 */
export async function uploadSermonFile(
  kind: SermonMediaKind,
  file: File,
  onProgress: (sent: number, total: number) => void,
  signal?: AbortSignal,
): Promise<StaffMedia> {
  let upload = (
    await http.post<Envelope<MediaUpload>>('/api/admin/sermons/media', { kind, fileName: file.name, size: file.size }, { signal })
  ).data.data;
  const url = `/api/admin/sermons/media/${encodeURIComponent(upload._id)}`;
  try {
    let failures = 0;
    while (!upload.file) {
      const offset = upload.received;
      onProgress(offset, file.size);
      const form = new FormData();
      form.append('part', file.slice(offset, offset + upload.partBytes), file.name);
      try {
        upload = (
          await http.put<Envelope<MediaUpload>>(url, form, {
            params: { offset },
            signal,
            onUploadProgress: (event) => onProgress(offset + Math.min(event.loaded, upload.partBytes), file.size),
          })
        ).data.data;
        failures = 0;
      } catch (error) {
        const status = errorStatus(error);
        // The server's answer stands (too large, not an audio file); a lost part is sent again.
        if (signal?.aborted || (status >= 400 && status < 500 && status !== 409) || ++failures > PART_TRIES) throw error;
        upload = (await http.get<Envelope<MediaUpload>>(url, { signal })).data.data;
      }
    }
    onProgress(file.size, file.size);
    return upload.file;
  } catch (error) {
    if (signal?.aborted) await http.delete(url).catch(() => undefined);
    throw error;
  }
}
