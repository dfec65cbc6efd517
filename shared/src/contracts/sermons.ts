/** The ministry's preaching: sermons, their series and speakers, their media; the live service. */
import { Type } from '@sinclair/typebox';
import { BodyInteger, BodyOptionalText, BodyText, IntOrNull, ObjectOrNull, Str, StrOrNull } from './schema';

export const SpeakerContract = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  /** 'Senior Pastor' ('' when not told). */
  role: Type.String(),
  /** '' when none. */
  photo: Type.String(),
});

export const SermonSeriesContract = Type.Object({
  _id: Type.String(),
  slug: Type.String(),
  title: Type.String(),
  description: Type.String(),
  /** '' when none. */
  image: Type.String(),
  /** Its sermons the public may hear. */
  sermonCount: Type.Integer(),
  /** The days of its first and latest sermons ('YYYY-MM-DD'); null without sermons. */
  firstDate: StrOrNull(),
  lastDate: StrOrNull(),
});

/** A passage as the site writes it, and its book (for the book filter). */
export const SermonPassageContract = Type.Object({
  /** '1 Corinthians 13:4–7'. */
  reference: Type.String(),
  /** '1 Corinthians'. */
  book: Type.String(),
  /** '1-corinthians'. */
  bookSlug: Type.String(),
});

/** A file of a sermon: where it is, its type and size. */
export const SermonAudioContract = Type.Object({
  src: Type.String(),
  type: Type.String(),
  bytes: Type.Integer(),
  /** Its length, read from the file; null when it could not be read. */
  seconds: IntOrNull(),
});

/** The video: on YouTube or Vimeo (shown privacy-enhanced, loaded on play), or an uploaded MP4. */
export const SermonVideoContract = Type.Object({
  kind: Str<'youtube' | 'vimeo' | 'file'>(),
  /** The player's address: the privacy-enhanced embed, or the file. */
  src: Type.String(),
  /** The video's own page (YouTube or Vimeo); null for a file. */
  pageUrl: StrOrNull(),
  /** The file's type and size; null for YouTube and Vimeo. */
  type: StrOrNull(),
  bytes: IntOrNull(),
});

export const TranscriptCueContract = Type.Object({ start: Type.Number(), end: Type.Number(), text: Type.String() });
export const SermonChapterContract = Type.Object({ start: Type.Number(), title: Type.String() });

/** A sermon in a list. */
export const SermonSummaryContract = Type.Object({
  _id: Type.String(),
  slug: Type.String(),
  title: Type.String(),
  /** The day it was preached, 'YYYY-MM-DD'. */
  date: Type.String(),
  speaker: SpeakerContract,
  series: ObjectOrNull(Type.Object({ _id: Type.String(), slug: Type.String(), title: Type.String() })),
  passages: Type.Array(SermonPassageContract),
  summary: Type.String(),
  /** Its own picture, else its series', else ''. */
  image: Type.String(),
  audio: ObjectOrNull(SermonAudioContract),
  hasVideo: Type.Boolean(),
  hasTranscript: Type.Boolean(),
  /** When the public could first hear it (ISO). */
  publishedAt: Type.String(),
});

/** A sermon on its page. */
export const SermonContract = Type.Object({
  ...SermonSummaryContract.properties,
  /** Sanitized HTML. */
  notes: Type.String(),
  video: ObjectOrNull(SermonVideoContract),
  /** The WebVTT file; null without a transcript. */
  transcriptSrc: StrOrNull(),
  transcript: Type.Array(TranscriptCueContract),
  chapters: Type.Array(SermonChapterContract),
  /** The other sermons of its series, in the order they were preached. */
  seriesSermons: Type.Array(SermonSummaryContract),
});

/** What the sermon list can be narrowed by: the values in use. */
export const SermonFiltersContract = Type.Object({
  series: Type.Array(Type.Object({ slug: Type.String(), title: Type.String(), count: Type.Integer() })),
  speakers: Type.Array(Type.Object({ _id: Type.String(), name: Type.String(), count: Type.Integer() })),
  books: Type.Array(Type.Object({ slug: Type.String(), name: Type.String(), count: Type.Integer() })),
  years: Type.Array(Type.Object({ year: Type.Integer(), count: Type.Integer() })),
});

/** A service at a church, at one moment. */
export const LiveServiceContract = Type.Object({
  church: Type.Object({
    _id: Type.String(),
    name: Type.String(),
    address: Type.String(),
    /** The church's clock (an IANA time zone name): its service times are on it. */
    timeZone: Type.String(),
  }),
  /** 'Sunday Service'. */
  name: Type.String(),
  language: Type.String(),
  startsAt: Type.String(),
  endsAt: Type.String(),
  /** The church's live stream, privacy-enhanced; null when it has none. */
  stream: ObjectOrNull(Type.Object({ kind: Str<'youtube' | 'vimeo'>(), src: Type.String(), pageUrl: Type.String() })),
});

/** GET /api/live: what the live page shows now. */
export const LiveStatusContract = Type.Object({
  /** The site's clock when this was answered (ISO). */
  now: Type.String(),
  /** The services streaming now (a stream is shown from this many minutes before a service to as many after it). */
  live: Type.Array(LiveServiceContract),
  marginMinutes: Type.Integer(),
  /** The next service to come (a streamed one when any church streams); null when no church has services. */
  next: ObjectOrNull(LiveServiceContract),
  /** When what this answer says changes: a stream starts or ends (ISO); null when nothing is ahead. */
  changesAt: StrOrNull(),
});

/** An uploaded file of a sermon, as the staff see it. */
export const StaffMediaContract = Type.Object({
  src: Type.String(),
  type: Type.String(),
  bytes: Type.Integer(),
  seconds: IntOrNull(),
});

/** A sermon as the staff form edits it. */
export const StaffSermonContract = Type.Object({
  _id: Type.String(),
  slug: Type.String(),
  title: Type.String(),
  date: Type.String(),
  speaker: Type.Object({ _id: Type.String(), name: Type.String() }),
  series: ObjectOrNull(Type.Object({ _id: Type.String(), title: Type.String() })),
  /** The passages as the site writes them, '; ' between. */
  passages: Type.String(),
  summary: Type.String(),
  notes: Type.String(),
  image: Type.String(),
  audio: ObjectOrNull(StaffMediaContract),
  video: ObjectOrNull(StaffMediaContract),
  videoUrl: Type.String(),
  transcript: ObjectOrNull(StaffMediaContract),
  /** How many cues the transcript has. */
  transcriptCues: Type.Integer(),
  /** One chapter a line, '12:30 The prodigal son'. */
  chapters: Type.String(),
  status: Str<'draft' | 'published'>(),
  state: Str<'draft' | 'scheduled' | 'published'>(),
  slugLocked: Type.Boolean(),
  /** When the public sees it from, once published (ISO). */
  publishAt: Type.String(),
  updatedAt: Type.String(),
});

export const StaffSermonPageContract = Type.Object({
  items: Type.Array(StaffSermonContract),
  total: Type.Integer(),
  next: IntOrNull(),
});

/** A series as the staff see it: with all its sermons counted, drafts too. */
export const StaffSeriesContract = Type.Object({
  ...SermonSeriesContract.properties,
  allSermons: Type.Integer(),
});

export const StaffSpeakerContract = Type.Object({ ...SpeakerContract.properties, sermons: Type.Integer() });

/** An upload under way, or done. */
export const MediaUploadContract = Type.Object({
  _id: Type.String(),
  kind: Str<'audio' | 'video' | 'transcript'>(),
  fileName: Type.String(),
  size: Type.Integer(),
  /** Bytes stored so far: send the next part from here. */
  received: Type.Integer(),
  /** The most a part may carry. */
  partBytes: Type.Integer(),
  /** The file, once every byte is in and checked; null before. */
  file: ObjectOrNull(StaffMediaContract),
});

/* Request bodies of the staff's calls. */

export const SermonBody = Type.Object({
  title: BodyText(),
  slug: BodyOptionalText(),
  date: BodyText(),
  speaker: BodyText(),
  series: BodyOptionalText(),
  passages: BodyOptionalText(),
  summary: BodyOptionalText(),
  notes: BodyOptionalText(),
  image: BodyOptionalText(),
  audio: BodyOptionalText(),
  videoUrl: BodyOptionalText(),
  video: BodyOptionalText(),
  transcript: BodyOptionalText(),
  chapters: BodyOptionalText(),
  publishAt: BodyOptionalText(),
});

export const SeriesBody = Type.Object({
  title: BodyText(),
  slug: BodyOptionalText(),
  description: BodyOptionalText(),
  image: BodyOptionalText(),
});

export const SpeakerBody = Type.Object({ name: BodyText(), role: BodyOptionalText(), photo: BodyOptionalText() });

export const MediaUploadBody = Type.Object({ kind: BodyText(), fileName: BodyText(), size: BodyInteger() });
