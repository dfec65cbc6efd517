import { useState } from 'react';
import { useFormik, type FormikErrors } from 'formik';
import { Link } from 'react-router-dom';
import { friendlyError, serverFieldErrors } from '@ministry/shared/api';
import type { StaffSeries } from '@ministry/shared/types';
import {
  Button,
  ButtonLink,
  formikField,
  ImageField,
  notify,
  ResourceView,
  StaffPage,
  StaffPanel,
  StaffTable,
  TextAreaField,
  TextField,
} from '@ministry/shared/ui';
import { seriesInputSchema } from '@ministry/shared/validation';
import { useResource } from '@ministry/shared/app';
import { seriesPath } from '../sermons/sermonLinks';
import { ConfirmDelete, formatDay, PanelActions, slugPreview, Spaced } from './common';
import { deleteSeries, listStaffSeries, saveSeries, type SeriesInput, uploadStaffImage } from './api';

const EMPTY: SeriesInput = { title: '', slug: '', description: '', image: '' };

/** The series form: a new one, or the one being edited. */
function SeriesForm({ editing, onSaved, onCancel }: { editing: StaffSeries | null; onSaved: () => void; onCancel: () => void }) {
  const form = useFormik<SeriesInput>({
    initialValues: editing
      ? { title: editing.title, slug: editing.slug, description: editing.description, image: editing.image }
      : EMPTY,
    validationSchema: seriesInputSchema,
    onSubmit: async (values, helpers) => {
      try {
        const saved = await saveSeries(editing?._id ?? null, values);
        notify.success(editing ? `Saved: “${saved.title}”.` : `Series created: “${saved.title}”.`);
        helpers.resetForm({ values: EMPTY });
        onSaved();
      } catch (error) {
        helpers.setErrors(serverFieldErrors(error) as FormikErrors<SeriesInput>);
        notify.error(friendlyError(error, 'The series could not be saved. Please try again.'));
      }
    },
  });
  const heading = editing ? `Edit: ${editing.title}` : 'New series';
  return (
    <StaffPanel aria-labelledby="series-form">
      <h2 id="series-form">{heading}</h2>
      <form noValidate aria-label={heading} onSubmit={form.handleSubmit}>
        <TextField label="Title" {...formikField(form, 'title')} maxLength={200} required />
        <TextField
          label="Address"
          {...formikField(form, 'slug')}
          placeholder={slugPreview(form.values.title) || 'made-from-the-title'}
          hint={`/sermons/series/${form.values.slug || slugPreview(form.values.title) || '…'}`}
        />
        <TextAreaField label="Description" {...formikField(form, 'description')} rows={3} maxLength={2000} />
        <Spaced>
          <ImageField
            label="Picture"
            value={form.values.image}
            upload={uploadStaffImage}
            onChange={(src) => void form.setFieldValue('image', src)}
            error={formikField(form, 'image').error}
          />
        </Spaced>
        <PanelActions>
          <Button type="submit" disabled={form.isSubmitting}>
            {form.isSubmitting ? 'Saving…' : editing ? 'Save series' : 'Create series'}
          </Button>
          {editing && (
            <Button type="button" $variant="outline" onClick={onCancel}>
              Cancel
            </Button>
          )}
        </PanelActions>
      </form>
    </StaffPanel>
  );
}

/** /admin/sermons/series: the series (title, address, description, picture), created, edited and deleted. */
export default function SermonSeriesAdminPage() {
  const series = useResource(listStaffSeries);
  const [editing, setEditing] = useState<StaffSeries | null>(null);
  const [deleting, setDeleting] = useState<StaffSeries | null>(null);

  const remove = async () => {
    if (!deleting) return;
    try {
      await deleteSeries(deleting._id);
      notify.success(`Deleted: “${deleting.title}”. Its sermons stay, in no series.`);
      setDeleting(null);
      if (editing?._id === deleting._id) setEditing(null);
      series.reload();
    } catch (error) {
      notify.error(friendlyError(error, 'The series could not be deleted. Please try again.'));
      setDeleting(null);
    }
  };

  return (
    <StaffPage
      title="Sermon series"
      intro="Group sermons preached together. Each series has its page and its own podcast feed."
      actions={
        <ButtonLink to="/admin/sermons" $variant="outline">
          All sermons
        </ButtonLink>
      }
    >
      <SeriesForm
        key={editing?._id ?? 'new'}
        editing={editing}
        onSaved={() => {
          setEditing(null);
          series.reload();
        }}
        onCancel={() => setEditing(null)}
      />
      <ResourceView resource={series} what="the series" empty="No series yet." loadingRows={2}>
        {(list) => (
          <StaffTable label="Sermon series">
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">Sermons</th>
                <th scope="col">Latest</th>
                <th scope="col">On the site</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((s) => (
                <tr key={s._id}>
                  <td>{s.title}</td>
                  <td>
                    {s.allSermons} ({s.sermonCount} public)
                  </td>
                  <td>{s.lastDate ? formatDay(s.lastDate) : '—'}</td>
                  <td>{s.sermonCount > 0 ? <Link to={seriesPath(s)}>View</Link> : '—'}</td>
                  <td style={{ whiteSpace: 'nowrap' }}>
                    <Button type="button" $variant="outline" onClick={() => setEditing(s)} aria-label={`Edit ${s.title}`}>
                      Edit
                    </Button>{' '}
                    <Button type="button" $variant="danger" onClick={() => setDeleting(s)} aria-label={`Delete ${s.title}`}>
                      Delete
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </StaffTable>
        )}
      </ResourceView>
      <ConfirmDelete
        open={deleting !== null}
        what="series"
        title={deleting?.title ?? ''}
        onCancel={() => setDeleting(null)}
        onConfirm={remove}
      />
    </StaffPage>
  );
}
