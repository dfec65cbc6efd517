import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { useFormik } from 'formik';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { inSiteTimeZone } from '@ministry/shared/format';
import type { Sermon, StaffMedia, StaffSermon } from '@ministry/shared/types';
import {
  ButtonLink,
  FieldError,
  formikField,
  ImageField,
  SelectField,
  StaffPage,
  TextAreaField,
  TextField,
  theme,
} from '@ministry/shared/ui';
import { embedAddress, sermonInputSchema, siteToday, videoFromAddress, videoPage } from '@ministry/shared/validation';
import { useResource } from '@ministry/shared/app';
import { SermonArticle } from '../sermons/SermonPage';
import { sermonPath } from '../sermons/sermonLinks';
import { ConfirmDelete, EditorLayout, FieldRow, Preview, Spaced, slugPreview, StatePanel } from './common';
import { EditorRoute, usePublishing } from './publishing';
import { SermonFileField } from './SermonFileField';
import {
  createSermon,
  deleteSermon,
  getStaffSermon,
  listStaffSeries,
  listStaffSpeakers,
  setSermonPublished,
  type StaffSermonInput,
  updateSermon,
  uploadStaffImage,
} from './api';

/** The editor's own chunk: loaded once the form is on screen, never by a public page. */
const RichTextEditor = lazy(() => import('./RichTextEditor'));

const NotesField = styled.div`
  margin-bottom: 16px;
  display: grid;
  gap: 6px;
  > div:first-child {
    font-weight: 500;
    font-size: 0.92rem;
  }
`;

const EditorPlaceholder = styled.div`
  min-height: 260px;
  border: 1.5px solid ${theme.colors.border};
  border-radius: 8px;
  background: ${theme.colors.surface};
`;

const Fieldset = styled.fieldset`
  border: 0;
  padding: 0;
  /* A fieldset is as wide as its widest content by default: on a phone the file fields would widen the page. */
  min-width: 0;
  margin: 8px 0 16px;
  legend {
    font-weight: 700;
    color: ${theme.colors.primary};
    font-size: 1.05rem;
    margin-bottom: 10px;
  }
`;

const Hint = styled.p`
  margin: -8px 0 16px;
  font-size: 0.88rem;
  color: ${theme.colors.muted};
`;

/** 'YYYY-MM-DDTHH:mm' on the church's clock, as a date-and-time field holds it. */
const localMoment = (iso: string) => inSiteTimeZone(iso).format('YYYY-MM-DDTHH:mm');

const formValues = (s: StaffSermon, now: number): StaffSermonInput => ({
  title: s.title,
  slug: s.slug,
  date: s.date,
  speaker: s.speaker._id,
  series: s.series?._id ?? '',
  passages: s.passages,
  summary: s.summary,
  notes: s.notes,
  image: s.image,
  audio: s.audio?.src ?? '',
  videoUrl: s.videoUrl,
  video: s.video?.src ?? '',
  transcript: s.transcript?.src ?? '',
  chapters: s.chapters,
  // A moment still ahead stays in the field; one past is "at once" again (it keeps its moment).
  publishAt: new Date(s.publishAt).getTime() > now ? localMoment(s.publishAt) : '',
});

/** Whether the form's moment is ahead of now. */
const isAheadMoment = (moment: string) =>
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(moment) && inSiteTimeZone(moment).valueOf() > Date.now();

type Files = { audio: StaffMedia | null; video: StaffMedia | null; transcript: StaffMedia | null };

/** The sermon as its page would show it, from what the form holds now. */
function previewOf(values: StaffSermonInput, files: Files, saved: StaffSermon | null, speakerName: string): Sermon {
  const hosted = values.videoUrl ? videoFromAddress(values.videoUrl) : null;
  return {
    _id: saved?._id ?? 'preview',
    slug: values.slug || slugPreview(values.title) || 'preview',
    title: values.title || 'Untitled sermon',
    date: /^\d{4}-\d{2}-\d{2}$/.test(values.date) ? values.date : siteToday(),
    speaker: { _id: values.speaker, name: speakerName, role: '', photo: '' },
    series: null,
    passages: values.passages ? [{ reference: values.passages, book: '', bookSlug: '' }] : [],
    summary: values.summary,
    image: values.image,
    audio: files.audio ? { ...files.audio } : null,
    hasVideo: Boolean(hosted || files.video),
    hasTranscript: Boolean(files.transcript),
    publishedAt: new Date().toISOString(),
    notes: values.notes,
    video: hosted
      ? { kind: hosted.provider, src: embedAddress(hosted), pageUrl: videoPage(hosted), type: null, bytes: null }
      : files.video
        ? { kind: 'file', src: files.video.src, pageUrl: null, type: files.video.type, bytes: files.video.bytes }
        : null,
    transcriptSrc: files.transcript?.src ?? null,
    transcript: [],
    chapters: [],
    seriesSermons: [],
  };
}

const calls = { create: createSermon, update: updateSermon, setPublished: setSermonPublished, remove: deleteSermon };

function SermonForm({ saved: initial }: { saved: StaffSermon | null }) {
  const notesId = useId();
  const [files, setFiles] = useState<Files>({
    audio: initial?.audio ?? null,
    video: initial?.video ?? null,
    transcript: initial?.transcript ?? null,
  });
  const speakers = useResource(listStaffSpeakers);
  const series = useResource(listStaffSeries);

  const form = useFormik<StaffSermonInput>({
    initialValues: initial
      ? formValues(initial, Date.now())
      : {
          title: '',
          slug: '',
          date: siteToday(),
          speaker: '',
          series: '',
          passages: '',
          summary: '',
          notes: '',
          image: '',
          audio: '',
          videoUrl: '',
          video: '',
          transcript: '',
          chapters: '',
          publishAt: '',
        },
    validationSchema: sermonInputSchema,
    onSubmit: () => undefined,
  });
  const { values, errors, touched } = form;
  const shown = (field: keyof StaffSermonInput) =>
    touched[field] || form.submitCount > 0 ? (errors[field] as string | undefined) : undefined;

  const setFile = (kind: keyof Files) => (file: StaffMedia | null) => {
    setFiles((f) => ({ ...f, [kind]: file }));
    void form.setFieldValue(kind, file?.src ?? '');
    void form.setFieldTouched(kind, true, false);
  };

  const editor = usePublishing({
    initial,
    form,
    what: 'sermon',
    base: '/admin/sermons',
    calls,
    valuesOf: (next) => formValues(next, Date.now()),
    onSaved: (next) => setFiles({ audio: next.audio, video: next.video, transcript: next.transcript }),
    where: { published: 'on the site and in the podcast', unpublished: 'off the site and the podcast' },
    scheduledOn: (publishAt) => inSiteTimeZone(publishAt).format('D MMMM YYYY [at] HH:mm'),
  });
  const { saved, previewing, setPreviewing } = editor;

  const speakerName = speakers.data?.find((s) => s._id === values.speaker)?.name ?? '';
  const preview = useMemo(() => previewOf(values, files, saved, speakerName), [values, files, saved, speakerName]);
  const slugLocked = saved?.slugLocked ?? false;
  const title = saved ? `Edit: ${saved.title}` : 'New sermon';

  return (
    <StaffPage
      title={title}
      intro="A sermon with its recording, passages and notes. Published, it is on the site, the home page and the podcast at once; with a moment ahead, it goes out then."
      actions={
        <ButtonLink to="/admin/sermons" $variant="outline">
          All sermons
        </ButtonLink>
      }
    >
      <EditorLayout>
        <div>
          {previewing ? (
            <Preview onClose={() => setPreviewing(false)}>
              <SermonArticle sermon={preview} />
            </Preview>
          ) : (
            <form noValidate aria-label={title} onSubmit={(e) => (e.preventDefault(), void editor.save(false))}>
              <TextField label="Title" {...formikField(form, 'title')} maxLength={200} required />
              <TextField
                label="Address"
                name="slug"
                value={values.slug}
                onChange={(e) => form.setFieldValue('slug', e.target.value.toLowerCase())}
                onBlur={form.handleBlur}
                readOnly={slugLocked}
                placeholder={slugPreview(values.title) || 'made-from-the-title'}
                error={shown('slug')}
                hint={
                  slugLocked
                    ? `/sermons/${values.slug}: the public has heard it here, so it stays the same and links keep working.`
                    : `/sermons/${values.slug || slugPreview(values.title) || '…'}${values.slug ? '' : ' (made from the title; you may write your own)'}`
                }
              />
              <FieldRow>
                <TextField label="Preached on" type="date" {...formikField(form, 'date')} required />
                <SelectField label="Speaker" {...formikField(form, 'speaker')} required>
                  <option value="">Choose who preached</option>
                  {(speakers.data ?? []).map((s) => (
                    <option key={s._id} value={s._id}>
                      {s.name}
                    </option>
                  ))}
                </SelectField>
              </FieldRow>
              <Hint>
                Not in the list? <Link to="/admin/sermons/speakers">Add a speaker</Link> or{' '}
                <Link to="/admin/sermons/series">a series</Link>, then come back.
              </Hint>
              <FieldRow>
                <SelectField label="Series" {...formikField(form, 'series')}>
                  <option value="">In no series</option>
                  {(series.data ?? []).map((s) => (
                    <option key={s._id} value={s._id}>
                      {s.title}
                    </option>
                  ))}
                </SelectField>
                <TextField
                  label="Bible passages"
                  {...formikField(form, 'passages')}
                  maxLength={300}
                  placeholder="John 3:1-17; 1 Cor 13"
                  hint="As in a Bible; several with ; between them."
                />
              </FieldRow>
              <TextAreaField
                label="Summary"
                {...formikField(form, 'summary')}
                rows={3}
                maxLength={1000}
                hint="One or two sentences for the lists, the podcast and share previews."
              />
              <NotesField>
                <div id={`${notesId}-label`}>Notes</div>
                <Suspense fallback={<EditorPlaceholder role="status" aria-label="Loading the editor…" />}>
                  <RichTextEditor
                    value={values.notes}
                    onChange={(html) => void form.setFieldValue('notes', html)}
                    onBlur={() => void form.setFieldTouched('notes', true)}
                    labelId={`${notesId}-label`}
                    describedBy={shown('notes') ? `${notesId}-error` : undefined}
                    invalid={Boolean(shown('notes'))}
                  />
                </Suspense>
                {shown('notes') && <FieldError id={`${notesId}-error`}>{shown('notes')}</FieldError>}
              </NotesField>
              <Spaced>
                <ImageField
                  label="Picture (the series' picture when none)"
                  value={values.image}
                  upload={uploadStaffImage}
                  onChange={(src) => {
                    void form.setFieldValue('image', src);
                    void form.setFieldTouched('image', true, false);
                  }}
                  error={shown('image')}
                />
              </Spaced>
              <Fieldset>
                <legend>Recording</legend>
                <SermonFileField
                  kind="audio"
                  label="Audio (MP3 or M4A)"
                  hint="For the player, the download and the podcast. Its length is read from the file."
                  value={files.audio}
                  onChange={setFile('audio')}
                  error={shown('audio')}
                />
                <TextField
                  label="Video on YouTube or Vimeo"
                  {...formikField(form, 'videoUrl')}
                  maxLength={500}
                  placeholder="https://www.youtube.com/watch?v=…"
                  hint="Shown privacy-enhanced, loaded only when a visitor presses play."
                />
                <SermonFileField
                  kind="video"
                  label="…or a video file (MP4)"
                  value={files.video}
                  onChange={setFile('video')}
                  error={shown('video')}
                />
                <SermonFileField
                  kind="transcript"
                  label="Transcript or captions (WebVTT, .vtt)"
                  hint="Shown as text beside the player; each line's time plays the sermon from there."
                  value={files.transcript}
                  onChange={setFile('transcript')}
                  error={shown('transcript')}
                />
                <TextAreaField
                  label="Chapters"
                  {...formikField(form, 'chapters')}
                  rows={3}
                  placeholder={'0:00 Welcome\n4:30 The reading\n9:15 The message'}
                  hint="One a line: a time and a title. Podcast apps show them too."
                />
              </Fieldset>
              <TextField
                label="Publish at"
                type="datetime-local"
                {...formikField(form, 'publishAt')}
                hint="On the church's clock. Leave empty to publish at once; a moment ahead schedules it."
              />
              <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
            </form>
          )}
        </div>
        <StatePanel
          {...editor.panel}
          headingId="sermon-state"
          onSite="On the site and in the podcast now."
          datedAhead={isAheadMoment(values.publishAt)}
          publicPath={saved ? sermonPath(saved) : null}
        />
      </EditorLayout>
      <ConfirmDelete {...editor.confirmDelete} />
    </StaffPage>
  );
}

/** /admin/sermons/new and /admin/sermons/:id: the sermon's form, its files, a preview, and save, publish (or schedule), unpublish, delete. */
export default function SermonEditorPage() {
  return (
    <EditorRoute what="sermon" list={{ to: '/admin/sermons', label: 'All sermons' }} get={getStaffSermon}>
      {(s) => <SermonForm key={s?._id ?? 'new'} saved={s} />}
    </EditorRoute>
  );
}
