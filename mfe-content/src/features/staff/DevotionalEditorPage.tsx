import { lazy, Suspense, useCallback, useId, useMemo, useState } from 'react';
import { useFormik, type FormikErrors } from 'formik';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { errorStatus, friendlyError, serverFieldErrors } from '@ministry/shared/api';
import { formatDevotionalDate, inSiteTimeZone } from '@ministry/shared/format';
import type { Devotional, StaffDevotional, StaffDevotionalInput } from '@ministry/shared/types';
import {
  ButtonLink,
  FieldError,
  formikField,
  ImageField,
  LoadingState,
  notify,
  ResourceView,
  StaffPage,
  TextField,
  theme,
} from '@ministry/shared/ui';
import { devotionalInputSchema } from '@ministry/shared/validation';
import { useResource } from '@ministry/shared/app';
import { DevotionalArticle } from '../devotionals/DevotionalDetailPage';
import { devotionalPath } from '../devotionals/devotionalLinks';
import {
  ConfirmDelete,
  type EditorBusy,
  EditorLayout,
  FieldRow,
  focusFirstProblem,
  isAhead,
  Preview,
  Spaced,
  slugPreview,
  startingDay,
  StatePanel,
} from './common';
import { TagPicker } from './TagPicker';
import {
  createDevotional,
  deleteDevotional,
  getDevotionalTags,
  getStaffDevotional,
  setDevotionalPublished,
  updateDevotional,
  uploadStaffImage,
} from './api';

/** The editor's own chunk: loaded once the form is on screen, never by a public page. */
const RichTextEditor = lazy(() => import('./RichTextEditor'));

const BodyLabel = styled.div`
  font-weight: 500;
  font-size: 0.92rem;
  margin-bottom: 6px;
  cursor: default;
`;

const BodyField = styled.div`
  margin-bottom: 16px;
  display: grid;
  gap: 6px;
`;

const EditorPlaceholder = styled.div`
  min-height: 330px;
  border: 1.5px solid ${theme.colors.border};
  border-radius: 8px;
  background: ${theme.colors.surface};
`;

const FIELDS: (keyof StaffDevotionalInput)[] = ['title', 'slug', 'date', 'verses', 'tags', 'image', 'detail'];

const formValues = (d: StaffDevotional): StaffDevotionalInput => ({
  title: d.title,
  slug: d.slug,
  date: d.date,
  verses: d.verses,
  tags: d.tags,
  image: d.image,
  detail: d.detail,
});

/** The devotional as the public page would show it, from what the form holds now. */
function previewOf(values: StaffDevotionalInput, saved: StaffDevotional | null): Devotional {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(values.date) ? values.date : startingDay(null);
  const at = saved && saved.date === day ? new Date(saved.publishAt) : inSiteTimeZone(day).hour(6).toDate();
  return {
    _id: saved?._id ?? 'preview',
    slug: values.slug || slugPreview(values.title),
    title: values.title || 'Untitled devotional',
    image: values.image || '/media/cover.svg',
    tag: values.tags[0] ?? '',
    tags: values.tags,
    verses: values.verses,
    detail: values.detail,
    timestamp: Math.floor(at.getTime() / 1000),
    created_at: at.toISOString(),
    createdAt: at.toISOString(),
  };
}

/** One line on what the public sees of it. */
function DevotionalForm({ saved: initial, startDay }: { saved: StaffDevotional | null; startDay: string }) {
  const navigate = useNavigate();
  const ids = { body: useId(), slug: useId() };
  const [saved, setSaved] = useState(initial);
  const [busy, setBusy] = useState<EditorBusy>(null);
  const [previewing, setPreviewing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const tags = useResource(getDevotionalTags);

  const form = useFormik<StaffDevotionalInput>({
    initialValues: saved
      ? formValues(saved)
      : { title: '', slug: '', date: startDay, verses: '', tags: [], image: '', detail: '' },
    validationSchema: devotionalInputSchema,
    onSubmit: () => undefined,
  });
  const { values, errors, touched } = form;
  const shown = (field: keyof StaffDevotionalInput) =>
    touched[field] || form.submitCount > 0 ? (errors[field] as string | undefined) : undefined;

  /** Saves what the form holds (and then publishes it, when asked); the server's reasons go under their fields. */
  const save = async (andPublish: boolean) => {
    const problems = await form.validateForm();
    void form.setTouched(Object.fromEntries(FIELDS.map((f) => [f, true])), false);
    if (Object.keys(problems).length) {
      focusFirstProblem();
      return;
    }
    setBusy(andPublish ? 'publish' : 'save');
    try {
      let next = saved ? await updateDevotional(saved._id, values) : await createDevotional(values);
      if (andPublish) next = await setDevotionalPublished(next._id, true);
      setSaved(next);
      form.resetForm({ values: formValues(next) });
      notify.success(
        andPublish
          ? next.state === 'scheduled'
            ? `Scheduled: “${next.title}” goes out on ${formatDevotionalDate(new Date(next.publishAt).getTime() / 1000)}.`
            : `Published: “${next.title}” is on the site now.`
          : next.state === 'draft'
            ? `Draft saved: “${next.title}”.`
            : `Saved: the change to “${next.title}” is on the site now.`,
      );
      if (!saved) navigate(`/admin/devotionals/${next._id}`, { replace: true });
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (Object.keys(fields).length) {
        form.setErrors(fields as FormikErrors<StaffDevotionalInput>);
        focusFirstProblem();
      }
      notify.error(friendlyError(error, 'The devotional could not be saved. Please try again.'));
    } finally {
      setBusy(null);
    }
  };

  const unpublish = async () => {
    if (!saved) return;
    setBusy('unpublish');
    try {
      const next = await setDevotionalPublished(saved._id, false);
      setSaved(next);
      notify.success(`Unpublished: “${next.title}” is a draft again, off the site.`);
    } catch (error) {
      notify.error(friendlyError(error, 'The devotional could not be unpublished. Please try again.'));
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    if (!saved) return;
    try {
      await deleteDevotional(saved._id);
      notify.success(`Deleted: “${saved.title}”.`);
      navigate('/admin/devotionals');
    } catch (error) {
      notify.error(friendlyError(error, 'The devotional could not be deleted. Please try again.'));
      setDeleting(false);
    }
  };

  const preview = useMemo(() => previewOf(values, saved), [values, saved]);
  const slugLocked = saved?.slugLocked ?? false;
  const title = saved ? `Edit: ${saved.title}` : 'New devotional';

  return (
    <StaffPage
      title={title}
      intro="Scripture, reflection and prayer for one day. Dated ahead and published, it goes out on its day."
      actions={
        <ButtonLink to="/admin/devotionals" $variant="outline">
          All devotionals
        </ButtonLink>
      }
    >
      <EditorLayout>
        <div>
          {previewing ? (
            <Preview onClose={() => setPreviewing(false)}>
              <DevotionalArticle devotional={preview} preview />
            </Preview>
          ) : (
            <form noValidate aria-label={title} onSubmit={(e) => (e.preventDefault(), void save(false))}>
              <TextField label="Title" {...formikField(form, 'title')} maxLength={200} required />
              <TextField
                id={ids.slug}
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
                    ? `/devotional-detail/${values.slug}: the public has read it here, so it stays the same and links keep working.`
                    : `/devotional-detail/${values.slug || slugPreview(values.title) || '…'}${values.slug ? '' : ' (made from the title; you may write your own)'}`
                }
              />
              <FieldRow>
                <TextField
                  label="Date"
                  type="date"
                  {...formikField(form, 'date')}
                  required
                  hint="The day it is for, on the church's clock."
                />
                <TextField label="Verses" {...formikField(form, 'verses')} maxLength={200} placeholder="Psalm 23:1-4" />
              </FieldRow>
              <TagPicker
                value={values.tags}
                known={tags.data ?? []}
                onChange={(next) => {
                  void form.setFieldValue('tags', next);
                  void form.setFieldTouched('tags', true, false);
                }}
                error={shown('tags')}
              />
              <Spaced>
                <ImageField
                  label="Photo"
                  value={values.image}
                  upload={uploadStaffImage}
                  onChange={(src) => {
                    void form.setFieldValue('image', src);
                    void form.setFieldTouched('image', true, false);
                  }}
                  error={shown('image')}
                />
              </Spaced>
              <BodyField>
                <BodyLabel id={`${ids.body}-label`}>Devotional</BodyLabel>
                <Suspense fallback={<EditorPlaceholder role="status" aria-label="Loading the editor…" />}>
                  <RichTextEditor
                    value={values.detail}
                    onChange={(html) => void form.setFieldValue('detail', html)}
                    onBlur={() => void form.setFieldTouched('detail', true)}
                    labelId={`${ids.body}-label`}
                    describedBy={shown('detail') ? `${ids.body}-error` : undefined}
                    invalid={Boolean(shown('detail'))}
                  />
                </Suspense>
                {shown('detail') && <FieldError id={`${ids.body}-error`}>{shown('detail')}</FieldError>}
              </BodyField>
              {/* Enter in a field saves, as in any form. */}
              <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
            </form>
          )}
        </div>
        <StatePanel
          headingId="devotional-state"
          saved={saved}
          onSite="On the site now."
          dirty={form.dirty}
          busy={busy}
          datedAhead={isAhead(values.date)}
          previewing={previewing}
          publicPath={saved ? devotionalPath(saved) : null}
          onSave={(publish) => void save(publish)}
          onUnpublish={() => void unpublish()}
          onPreview={setPreviewing}
          onDelete={() => setDeleting(true)}
        />
      </EditorLayout>
      <ConfirmDelete
        open={deleting}
        what="devotional"
        title={saved?.title ?? ''}
        onCancel={() => setDeleting(false)}
        onConfirm={remove}
      />
    </StaffPage>
  );
}

/**
 * /admin/devotionals/new (`?date=YYYY-MM-DD` starts on that day: the
 * dashboard's link for a day without one) and /admin/devotionals/:id: the
 * devotional's form, its preview as the public page would show it, and
 * save, publish (scheduled when dated ahead), unpublish and delete.
 */
export default function DevotionalEditorPage() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const load = useCallback(() => (id ? getStaffDevotional(id) : Promise.resolve(null)), [id]);
  const devotional = useResource<StaffDevotional | null>(load, load);
  if (devotional.error && [400, 404].includes(errorStatus(devotional.error))) {
    return (
      <StaffPage title="Devotional not found" intro="It may have been deleted.">
        <ButtonLink to="/admin/devotionals">All devotionals</ButtonLink>
      </StaffPage>
    );
  }
  if (id && devotional.loading && !devotional.data) {
    return (
      <StaffPage title="Devotional">
        <LoadingState label="Loading the devotional…" rows={2} />
      </StaffPage>
    );
  }
  return (
    <ResourceView resource={devotional} what="the devotional" empty={null} isEmpty={() => false}>
      {(d) => <DevotionalForm key={d?._id ?? 'new'} saved={d} startDay={startingDay(params.get('date'))} />}
    </ResourceView>
  );
}
