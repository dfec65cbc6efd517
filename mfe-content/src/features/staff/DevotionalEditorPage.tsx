import { lazy, Suspense, useId, useMemo } from 'react';
import { useFormik } from 'formik';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { inSiteTimeZone } from '@ministry/shared/format';
import type { Devotional, StaffDevotional, StaffDevotionalInput } from '@ministry/shared/types';
import { ButtonLink, FieldError, formikField, ImageField, StaffPage, TextField, theme } from '@ministry/shared/ui';
import { devotionalInputSchema } from '@ministry/shared/validation';
import { useResource } from '@ministry/shared/app';
import { DevotionalArticle } from '../devotionals/DevotionalDetailPage';
import { devotionalPath } from '../devotionals/devotionalLinks';
import { ConfirmDelete, EditorLayout, FieldRow, isAhead, Preview, Spaced, slugPreview, startingDay, StatePanel } from './common';
import { EditorRoute, usePublishing } from './publishing';
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

const calls = {
  create: createDevotional,
  update: updateDevotional,
  setPublished: setDevotionalPublished,
  remove: deleteDevotional,
};

function DevotionalForm({ saved: initial, startDay }: { saved: StaffDevotional | null; startDay: string }) {
  const ids = { body: useId(), slug: useId() };
  const tags = useResource(getDevotionalTags);

  const form = useFormik<StaffDevotionalInput>({
    initialValues: initial
      ? formValues(initial)
      : { title: '', slug: '', date: startDay, verses: '', tags: [], image: '', detail: '' },
    validationSchema: devotionalInputSchema,
    onSubmit: () => undefined,
  });
  const { values, errors, touched } = form;
  const shown = (field: keyof StaffDevotionalInput) =>
    touched[field] || form.submitCount > 0 ? (errors[field] as string | undefined) : undefined;
  const editor = usePublishing({
    initial,
    form,
    what: 'devotional',
    base: '/admin/devotionals',
    calls,
    valuesOf: formValues,
  });
  const { saved, previewing, setPreviewing } = editor;

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
            <form noValidate aria-label={title} onSubmit={(e) => (e.preventDefault(), void editor.save(false))}>
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
          {...editor.panel}
          headingId="devotional-state"
          onSite="On the site now."
          datedAhead={isAhead(values.date)}
          publicPath={saved ? devotionalPath(saved) : null}
        />
      </EditorLayout>
      <ConfirmDelete {...editor.confirmDelete} />
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
  const [params] = useSearchParams();
  return (
    <EditorRoute what="devotional" list={{ to: '/admin/devotionals', label: 'All devotionals' }} get={getStaffDevotional}>
      {(d) => <DevotionalForm key={d?._id ?? 'new'} saved={d} startDay={startingDay(params.get('date'))} />}
    </EditorRoute>
  );
}
