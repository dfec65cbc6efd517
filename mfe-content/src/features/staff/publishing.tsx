/**
 * What the devotional, article and sermon editors share: loading the item
 * (or a new one), then saving it, publishing or scheduling it, unpublishing
 * and deleting it, with the same messages and the server's reasons under
 * their fields.
 */
import { useCallback, useState, type ReactNode } from 'react';
import type { FormikErrors, FormikTouched, FormikValues, useFormik } from 'formik';
import { useNavigate, useParams } from 'react-router-dom';
import { errorStatus, friendlyError, serverFieldErrors } from '@ministry/shared/api';
import { formatDevotionalDate } from '@ministry/shared/format';
import type { ContentState } from '@ministry/shared/types';
import { ButtonLink, LoadingState, notify, ResourceView, StaffPage } from '@ministry/shared/ui';
import { useResource } from '@ministry/shared/app';
import { type EditorBusy, focusFirstProblem } from './common';

/** An item the staff write, publish (or schedule) and unpublish. */
export interface Publishable {
  _id: string;
  title: string;
  state: ContentState;
  status: string;
  publishAt: string;
}

/** The API calls of one kind of item. */
export interface PublishingCalls<T, V> {
  create: (values: V) => Promise<T>;
  update: (id: string, values: V) => Promise<T>;
  setPublished: (id: string, published: boolean) => Promise<T>;
  remove: (id: string) => Promise<void>;
}

const capitalized = (text: string) => `${text[0]!.toUpperCase()}${text.slice(1)}`;

/**
 * /admin/<kind>/new and /admin/<kind>/:id: loads the item named in the
 * address (none for a new one) and hands it to the form; "not found" with a
 * way back to the list when there is none.
 */
export function EditorRoute<T extends { _id: string }>({
  what,
  list,
  get,
  children,
}: {
  /** 'devotional', 'news item', 'sermon'. */
  what: string;
  list: { to: string; label: string };
  get: (id: string) => Promise<T>;
  /** The form, given the saved item or null for a new one. */
  children: (saved: T | null) => ReactNode;
}) {
  const { id } = useParams();
  const load = useCallback(() => (id ? get(id) : Promise.resolve(null)), [get, id]);
  const item = useResource<T | null>(load, load);
  const back = <ButtonLink to={list.to}>{list.label}</ButtonLink>;
  if (item.error && [400, 404].includes(errorStatus(item.error))) {
    return (
      <StaffPage title={`${capitalized(what)} not found`} intro="It may have been deleted.">
        {back}
      </StaffPage>
    );
  }
  if (id && item.loading && !item.data) {
    return (
      <StaffPage title={capitalized(what)}>
        <LoadingState label={`Loading the ${what}…`} rows={2} />
      </StaffPage>
    );
  }
  return (
    <ResourceView resource={item} what={`the ${what}`} empty={null} isEmpty={() => false}>
      {(saved) => children(saved)}
    </ResourceView>
  );
}

/**
 * An editor's item and what may be done with it. `form` holds the values;
 * after a save the form starts again from what the server kept
 * (`valuesOf`), and a new item's address becomes its own.
 */
export function usePublishing<T extends Publishable, V extends FormikValues>({
  initial,
  form,
  what,
  base,
  calls,
  valuesOf,
  onSaved,
  where = { published: 'on the site', unpublished: 'off the site' },
  scheduledOn = (publishAt) => formatDevotionalDate(new Date(publishAt).getTime() / 1000),
}: {
  initial: T | null;
  form: ReturnType<typeof useFormik<V>>;
  what: string;
  /** The list's address: a new item's is `${base}/${id}`. */
  base: string;
  calls: PublishingCalls<T, V>;
  valuesOf: (saved: T) => V;
  /** Told of each item the server sends back (the sermon keeps its files' details). */
  onSaved?: (saved: T) => void;
  /** Where an item is once published, and no longer once unpublished ('on/off the site and the podcast'). */
  where?: { published: string; unpublished: string };
  /** The day (or moment) a scheduled item goes out, as the message says it. */
  scheduledOn?: (publishAt: string) => string;
}) {
  const navigate = useNavigate();
  const [saved, setSavedState] = useState(initial);
  const [busy, setBusy] = useState<EditorBusy>(null);
  const [previewing, setPreviewing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const keep = (next: T) => {
    setSavedState(next);
    onSaved?.(next);
  };

  /** Saves what the form holds (and then publishes it, when asked); the server's reasons go under their fields. */
  const save = async (andPublish: boolean) => {
    const problems = await form.validateForm();
    const everyField = Object.fromEntries(Object.keys(form.initialValues).map((f) => [f, true]));
    void form.setTouched(everyField as FormikTouched<V>, false);
    if (Object.keys(problems).length) {
      focusFirstProblem();
      return;
    }
    setBusy(andPublish ? 'publish' : 'save');
    try {
      let next = saved ? await calls.update(saved._id, form.values) : await calls.create(form.values);
      if (andPublish) next = await calls.setPublished(next._id, true);
      keep(next);
      form.resetForm({ values: valuesOf(next) });
      notify.success(
        andPublish
          ? next.state === 'scheduled'
            ? `Scheduled: “${next.title}” goes out on ${scheduledOn(next.publishAt)}.`
            : `Published: “${next.title}” is ${where.published} now.`
          : next.state === 'draft'
            ? `Draft saved: “${next.title}”.`
            : `Saved: the change to “${next.title}” is on the site now.`,
      );
      if (!saved) navigate(`${base}/${next._id}`, { replace: true });
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (Object.keys(fields).length) {
        form.setErrors(fields as FormikErrors<V>);
        focusFirstProblem();
      }
      notify.error(friendlyError(error, `The ${what} could not be saved. Please try again.`));
    } finally {
      setBusy(null);
    }
  };

  const unpublish = async () => {
    if (!saved) return;
    setBusy('unpublish');
    try {
      const next = await calls.setPublished(saved._id, false);
      keep(next);
      notify.success(`Unpublished: “${next.title}” is a draft again, ${where.unpublished}.`);
    } catch (error) {
      notify.error(friendlyError(error, `The ${what} could not be unpublished. Please try again.`));
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    if (!saved) return;
    try {
      await calls.remove(saved._id);
      notify.success(`Deleted: “${saved.title}”.`);
      navigate(base);
    } catch (error) {
      notify.error(friendlyError(error, `The ${what} could not be deleted. Please try again.`));
      setDeleting(false);
    }
  };

  return {
    saved,
    previewing,
    setPreviewing,
    save,
    /** For `StatePanel`, beside its own words (heading, "on the site", dated ahead, public address). */
    panel: {
      saved,
      dirty: form.dirty,
      busy,
      previewing,
      onSave: (publish: boolean) => void save(publish),
      onUnpublish: () => void unpublish(),
      onPreview: setPreviewing,
      onDelete: () => setDeleting(true),
    },
    /** For `ConfirmDelete`. */
    confirmDelete: {
      open: deleting,
      what,
      title: saved?.title ?? '',
      onCancel: () => setDeleting(false),
      onConfirm: remove,
    },
  };
}
