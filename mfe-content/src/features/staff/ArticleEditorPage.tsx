import { useCallback, useMemo } from 'react';
import { useFormik } from 'formik';
import { useSearchParams } from 'react-router-dom';
import { inSiteTimeZone } from '@ministry/shared/format';
import type { ArticleKind, NewsItem, StaffArticle, StaffArticleInput } from '@ministry/shared/types';
import { ButtonLink, formikField, ImageField, StaffPage, TextAreaField, TextField } from '@ministry/shared/ui';
import { articleInputSchema, CONTENT_LIMITS } from '@ministry/shared/validation';
import { NewsReader } from '../news/NewsPage';
import { PressArticle } from '../press/PressPage';
import { ARTICLE_TEXT } from './articleKinds';
import { ConfirmDelete, EditorLayout, isAhead, Preview, Spaced, startingDay, StatePanel } from './common';
import { EditorRoute, usePublishing } from './publishing';
import { createArticle, deleteArticle, getStaffArticle, setArticlePublished, updateArticle, uploadStaffImage } from './api';

const formValues = (a: StaffArticle): StaffArticleInput => ({
  title: a.title,
  description: a.description,
  photo: a.photo,
  date: a.date,
});

/** The item as the public pages show it, from what the form holds now. */
function previewOf(values: StaffArticleInput, saved: StaffArticle | null): NewsItem {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(values.date) ? values.date : startingDay(null);
  const at = saved && saved.date === day ? saved.publishAt : inSiteTimeZone(day).hour(9).toISOString();
  return {
    _id: saved?._id ?? 'preview',
    title: values.title || 'Untitled',
    description: values.description,
    photo: values.photo || '/media/cover.svg',
    createdAt: at,
  };
}

function ArticleForm({ kind, saved: initial, startDay }: { kind: ArticleKind; saved: StaffArticle | null; startDay: string }) {
  const text = ARTICLE_TEXT[kind];
  const form = useFormik<StaffArticleInput>({
    initialValues: initial ? formValues(initial) : { title: '', description: '', photo: '', date: startDay },
    validationSchema: articleInputSchema,
    onSubmit: () => undefined,
  });
  const { values, errors, touched } = form;
  const shown = (field: keyof StaffArticleInput) => (touched[field] ? errors[field] : undefined);
  const calls = useMemo(
    () => ({
      create: (v: StaffArticleInput) => createArticle(kind, v),
      update: (id: string, v: StaffArticleInput) => updateArticle(kind, id, v),
      setPublished: (id: string, published: boolean) => setArticlePublished(kind, id, published),
      remove: (id: string) => deleteArticle(kind, id),
    }),
    [kind],
  );
  const editor = usePublishing({ initial, form, what: text.one, base: text.base, calls, valuesOf: formValues });
  const { saved, previewing, setPreviewing } = editor;

  const preview = useMemo(() => previewOf(values, saved), [values, saved]);
  const title = saved ? `Edit: ${saved.title}` : text.newTitle;

  return (
    <StaffPage
      title={title}
      intro={text.editorIntro}
      actions={
        <ButtonLink to={text.base} $variant="outline">
          All {text.title.toLowerCase()}
        </ButtonLink>
      }
    >
      <EditorLayout>
        <div>
          {previewing ? (
            <Preview onClose={() => setPreviewing(false)}>
              {kind === 'news' ? (
                <NewsReader item={preview} preview />
              ) : (
                <>
                  <PressArticle release={preview} index={0} onOpen={() => undefined} />
                  <p style={{ whiteSpace: 'pre-line', lineHeight: 1.75, marginTop: 24 }}>{preview.description}</p>
                </>
              )}
            </Preview>
          ) : (
            <form noValidate aria-label={title} onSubmit={(e) => (e.preventDefault(), void editor.save(false))}>
              <TextField label="Title" {...formikField(form, 'title')} maxLength={CONTENT_LIMITS.title} required />
              <TextField
                label="Date"
                type="date"
                {...formikField(form, 'date')}
                required
                hint="The public sees it from this day on (the church's clock)."
              />
              <Spaced>
                <ImageField
                  label="Photo"
                  value={values.photo}
                  upload={uploadStaffImage}
                  onChange={(src) => {
                    void form.setFieldValue('photo', src);
                    void form.setFieldTouched('photo', true, false);
                  }}
                  error={shown('photo')}
                />
              </Spaced>
              <TextAreaField
                label="Text"
                rows={12}
                {...formikField(form, 'description')}
                maxLength={CONTENT_LIMITS.text}
                required
                hint="Plain text; a blank line between paragraphs."
              />
            </form>
          )}
        </div>
        <StatePanel
          {...editor.panel}
          headingId="article-state"
          onSite={`This ${text.one} is on the site now.`}
          datedAhead={isAhead(values.date)}
          publicPath={saved ? text.publicPath(saved._id) : null}
        />
      </EditorLayout>
      <ConfirmDelete {...editor.confirmDelete} />
    </StaffPage>
  );
}

/** /admin/news/new, /admin/news/:id, /admin/press/new, /admin/press/:id: an item's form, its preview, and what may be done with it. */
export default function ArticleEditorPage({ kind }: { kind: ArticleKind }) {
  const text = ARTICLE_TEXT[kind];
  const [params] = useSearchParams();
  const get = useCallback((id: string) => getStaffArticle(kind, id), [kind]);
  return (
    <EditorRoute what={text.one} list={{ to: text.base, label: `All ${text.title.toLowerCase()}` }} get={get}>
      {(a) => <ArticleForm key={a?._id ?? 'new'} kind={kind} saved={a} startDay={startingDay(params.get('date'))} />}
    </EditorRoute>
  );
}
