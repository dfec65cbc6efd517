/** The ministry's preaching, as the API sends it (types only: no TypeBox in a browser bundle). No React here. */
import type {
  LiveServiceContract,
  LiveStatusContract,
  MediaUploadContract,
  SermonAudioContract,
  SermonChapterContract,
  SermonContract,
  SermonFiltersContract,
  SermonPassageContract,
  SermonSeriesContract,
  SermonSummaryContract,
  SermonVideoContract,
  SpeakerContract,
  StaffMediaContract,
  StaffSeriesContract,
  StaffSermonContract,
  StaffSermonPageContract,
  StaffSpeakerContract,
  Static,
  TranscriptCueContract,
} from '../contracts';

export type Speaker = Static<typeof SpeakerContract>;
export type SermonSeries = Static<typeof SermonSeriesContract>;
export type SermonPassage = Static<typeof SermonPassageContract>;
export type SermonAudio = Static<typeof SermonAudioContract>;
export type SermonVideo = Static<typeof SermonVideoContract>;
export type TranscriptCue = Static<typeof TranscriptCueContract>;
export type SermonChapter = Static<typeof SermonChapterContract>;
export type SermonSummary = Static<typeof SermonSummaryContract>;
export type Sermon = Static<typeof SermonContract>;
export type SermonFilters = Static<typeof SermonFiltersContract>;
export type LiveService = Static<typeof LiveServiceContract>;
export type LiveStatus = Static<typeof LiveStatusContract>;
export type StaffMedia = Static<typeof StaffMediaContract>;
export type StaffSermon = Static<typeof StaffSermonContract>;
export type StaffSermonPage = Static<typeof StaffSermonPageContract>;
export type StaffSeries = Static<typeof StaffSeriesContract>;
export type StaffSpeaker = Static<typeof StaffSpeakerContract>;
export type MediaUpload = Static<typeof MediaUploadContract>;

/** What the sermon list is narrowed by (GET /api/sermons). */
export interface SermonQuery {
  page?: number;
  /** Words of the title, summary, notes or transcript. */
  q?: string;
  /** A passage: the sermons on any verse of it ('John 3'). */
  passage?: string;
  series?: string;
  speaker?: string;
  /** A book's slug ('1-corinthians'). */
  book?: string;
  year?: number;
}
