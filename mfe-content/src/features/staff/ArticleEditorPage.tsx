import { useCallback, useMemo, useState } from 'react';
import { useFormik, type FormikErrors } from 'formik';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { errorStatus, friendlyError, serverFieldErrors } from '@ministry/shared/api';
import { formatDevotionalDate, inSiteTimeZone } from '@ministry/shared/format';
import type { ArticleKind, NewsItem, StaffArticle, StaffArticleInput } from '@ministry/shared/types';
import {
  ButtonLink,
  formikField,
  ImageField,
  LoadingState,
  notify,
  ResourceView,
  StaffPage,
  TextAreaField,
  TextField,
} from '@ministry/shared/ui';
import { articleInputSchema, CONTENT_LIMITS } from '@ministry/shared/validation';
import { useResource } from '@ministry/shared/app';
import { NewsReader } from '../news/NewsPage';
import { PressArticle } from '../press/PressPage';
import { ARTICLE_TEXT } from './articleKinds';
import {
  ConfirmDelete,
  type EditorBusy,
  EditorLayout,
  focusFirstProblem,
  isAhead,
  Preview,
  Spaced,
  startingDay,
  StatePanel,
} from './common';
import { createArticle, deleteArticle, getStaffArticle, setArticlePublished, updateArticle, uploadStaffImage } from './api';

const FIELDS: (keyof StaffArticleInput)[] = ['title', 'description', 'photo', 'date'];

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
  const navigate = useNavigate();
  const [saved, setSaved] = useState(initial);
  const [busy, setBusy] = useState<EditorBusy>(null);
  const [previewing, setPreviewing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const form = useFormik<StaffArticleInput>({
    initialValues: saved ? formValues(saved) : { title: '', description: '', photo: '', date: startDay },
    validationSchema: articleInputSchema,
    onSubmit: () => undefined,
  });
  const { values, errors, touched } = form;
  const shown = (field: keyof StaffArticleInput) => (touched[field] ? errors[field] : undefined);

  const save = async (andPublish: boolean) => {
    const problems = await form.validateForm();
    void form.setTouched(Object.fromEntries(FIELDS.map((f) => [f, true])), false);
    if (Object.keys(problems).length) {
      focusFirstProblem();
      return;
    }
    setBusy(andPublish ? 'publish' : 'save');
    try {
      let next = saved ? await updateArticle(kind, saved._id, values) : await createArticle(kind, values);
      if (andPublish) next = await setArticlePublished(kind, next._id, true);
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
      if (!saved) navigate(`${text.base}/${next._id}`, { replace: true });
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (Object.keys(fields).length) {
        form.setErrors(fields as FormikErrors<StaffArticleInput>);
        focusFirstProblem();
      }
      notify.error(friendlyError(error, `The ${text.one} could not be saved. Please try again.`));
    } finally {
      setBusy(null);
    }
  };

  const unpublish = async () => {
    if (!saved) return;
    setBusy('unpublish');
    try {
      const next = await setArticlePublished(kind, saved._id, false);
      setSaved(next);
      notify.success(`Unpublished: “${next.title}” is a draft again, off the site.`);
    } catch (error) {
      notify.error(friendlyError(error, `The ${text.one} could not be unpublished. Please try again.`));
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    if (!saved) return;
    try {
      await deleteArticle(kind, saved._id);
      notify.success(`Deleted: “${saved.title}”.`);
      navigate(text.base);
    } catch (error) {
      notify.error(friendlyError(error, `The ${text.one} could not be deleted. Please try again.`));
      setDeleting(false);
    }
  };

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
            <form noValidate aria-label={title} onSubmit={(e) => (e.preventDefault(), void save(false))}>
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
          headingId="article-state"
          saved={saved}
          onSite={`This ${text.one} is on the site now.`}
          dirty={form.dirty}
          busy={busy}
          datedAhead={isAhead(values.date)}
          previewing={previewing}
          publicPath={saved ? text.publicPath(saved._id) : null}
          onSave={(publish) => void save(publish)}
          onUnpublish={() => void unpublish()}
          onPreview={setPreviewing}
          onDelete={() => setDeleting(true)}
        />
      </EditorLayout>
      <ConfirmDelete
        open={deleting}
        what={text.one}
        title={saved?.title ?? ''}
        onCancel={() => setDeleting(false)}
        onConfirm={remove}
      />
    </StaffPage>
  );
}

/** /admin/news/new, /admin/news/:id, /admin/press/new, /admin/press/:id: an item's form, its preview, and what may be done with it. */
export default function ArticleEditorPage({ kind }: { kind: ArticleKind }) {
  const text = ARTICLE_TEXT[kind];
  const { id } = useParams();
  const [params] = useSearchParams();
  const load = useCallback(() => (id ? getStaffArticle(kind, id) : Promise.resolve(null)), [kind, id]);
  const article = useResource<StaffArticle | null>(load, load);
  if (article.error && [400, 404].includes(errorStatus(article.error))) {
    return (
      <StaffPage title={`${text.one[0]!.toUpperCase()}${text.one.slice(1)} not found`} intro="It may have been deleted.">
        <ButtonLink to={text.base}>All {text.title.toLowerCase()}</ButtonLink>
      </StaffPage>
    );
  }
  if (id && article.loading && !article.data) {
    return (
      <StaffPage title={text.title}>
        <LoadingState label={`Loading the ${text.one}…`} rows={2} />
      </StaffPage>
    );
  }
  return (
    <ResourceView resource={article} what={`the ${text.one}`} empty={null} isEmpty={() => false}>
      {(a) => <ArticleForm key={a?._id ?? 'new'} kind={kind} saved={a} startDay={startingDay(params.get('date'))} />}
    </ResourceView>
  );
}
