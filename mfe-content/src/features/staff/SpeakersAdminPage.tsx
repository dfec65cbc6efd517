import { useState } from 'react';
import { useFormik, type FormikErrors } from 'formik';
import { friendlyError, serverFieldErrors, serverMessage } from '@ministry/shared/api';
import type { StaffSpeaker } from '@ministry/shared/types';
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
  TextField,
} from '@ministry/shared/ui';
import { speakerInputSchema } from '@ministry/shared/validation';
import { useResource } from '@ministry/shared/app';
import { ConfirmDelete, FieldRow, PanelActions, Spaced } from './common';
import { deleteSpeaker, listStaffSpeakers, saveSpeaker, type SpeakerInput, uploadStaffImage } from './api';

const EMPTY: SpeakerInput = { name: '', role: '', photo: '' };

function SpeakerForm({
  editing,
  onSaved,
  onCancel,
}: {
  editing: StaffSpeaker | null;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const form = useFormik<SpeakerInput>({
    initialValues: editing ? { name: editing.name, role: editing.role, photo: editing.photo } : EMPTY,
    validationSchema: speakerInputSchema,
    onSubmit: async (values, helpers) => {
      try {
        const saved = await saveSpeaker(editing?._id ?? null, values);
        notify.success(editing ? `Saved: ${saved.name}.` : `Speaker added: ${saved.name}.`);
        helpers.resetForm({ values: EMPTY });
        onSaved();
      } catch (error) {
        helpers.setErrors(serverFieldErrors(error) as FormikErrors<SpeakerInput>);
        notify.error(friendlyError(error, 'The speaker could not be saved. Please try again.'));
      }
    },
  });
  const heading = editing ? `Edit: ${editing.name}` : 'New speaker';
  return (
    <StaffPanel aria-labelledby="speaker-form">
      <h2 id="speaker-form">{heading}</h2>
      <form noValidate aria-label={heading} onSubmit={form.handleSubmit}>
        <FieldRow>
          <TextField label="Name" {...formikField(form, 'name')} maxLength={120} required placeholder="Pastor Ruth Boateng" />
          <TextField label="Role" {...formikField(form, 'role')} maxLength={120} placeholder="Associate Pastor" />
        </FieldRow>
        <Spaced>
          <ImageField
            label="Photo"
            value={form.values.photo}
            upload={uploadStaffImage}
            onChange={(src) => void form.setFieldValue('photo', src)}
            error={formikField(form, 'photo').error}
          />
        </Spaced>
        <PanelActions>
          <Button type="submit" disabled={form.isSubmitting}>
            {form.isSubmitting ? 'Saving…' : editing ? 'Save speaker' : 'Add speaker'}
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

/** /admin/sermons/speakers: who preaches (name, role, photo); one with sermons on the site stays until they have another speaker. */
export default function SpeakersAdminPage() {
  const speakers = useResource(listStaffSpeakers);
  const [editing, setEditing] = useState<StaffSpeaker | null>(null);
  const [deleting, setDeleting] = useState<StaffSpeaker | null>(null);

  const remove = async () => {
    if (!deleting) return;
    try {
      await deleteSpeaker(deleting._id);
      notify.success(`Removed: ${deleting.name}.`);
      if (editing?._id === deleting._id) setEditing(null);
      speakers.reload();
    } catch (error) {
      notify.error(serverMessage(error) ?? friendlyError(error, 'The speaker could not be removed. Please try again.'));
    } finally {
      setDeleting(null);
    }
  };

  return (
    <StaffPage
      title="Speakers"
      intro="Who preaches: their names and roles show beside their sermons, in the podcast and in the sermon filters."
      actions={
        <ButtonLink to="/admin/sermons" $variant="outline">
          All sermons
        </ButtonLink>
      }
    >
      <SpeakerForm
        key={editing?._id ?? 'new'}
        editing={editing}
        onSaved={() => {
          setEditing(null);
          speakers.reload();
        }}
        onCancel={() => setEditing(null)}
      />
      <ResourceView resource={speakers} what="the speakers" empty="No speakers yet." loadingRows={2}>
        {(list) => (
          <StaffTable label="Speakers">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Role</th>
                <th scope="col">Sermons</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((s) => (
                <tr key={s._id}>
                  <td>{s.name}</td>
                  <td>{s.role || '—'}</td>
                  <td>{s.sermons}</td>
                  <td style={{ whiteSpace: 'nowrap' }}>
                    <Button type="button" $variant="outline" onClick={() => setEditing(s)} aria-label={`Edit ${s.name}`}>
                      Edit
                    </Button>{' '}
                    <Button type="button" $variant="danger" onClick={() => setDeleting(s)} aria-label={`Remove ${s.name}`}>
                      Remove
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
        what="speaker"
        title={deleting?.name ?? ''}
        onCancel={() => setDeleting(null)}
        onConfirm={remove}
      />
    </StaffPage>
  );
}
