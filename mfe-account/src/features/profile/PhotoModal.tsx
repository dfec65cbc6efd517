import { useEffect, useId, useState } from 'react';
import styled from 'styled-components';
import type { User } from '@ministry/shared/types';
import { friendlyError } from '@ministry/shared/api';
import { setCurrentUser, useAppDispatch } from '@ministry/shared/store';
import { Button, Modal, notify, theme } from '@ministry/shared/ui';
import { Avatar } from './Avatar';
import { deletePhoto, updatePhoto } from './api';

// The original asked the browser's own confirm, "you will delete this image!!" (docs/spec-deviations.md).
export const DELETE_PROMPT = 'Delete your profile photo?';
const MAX_BYTES = 5 * 1024 * 1024;

type Pending = { kind: 'upload'; file: File; preview: string } | { kind: 'delete' } | null;

const Center = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 16px;
  margin: 8px 0 20px;
  p {
    margin: 0;
    color: ${theme.colors.muted};
    text-align: center;
  }
`;

const Row = styled.div`
  display: flex;
  gap: 10px;
  flex-wrap: wrap;
  justify-content: center;
`;

const UploadLabel = styled.label`
  display: inline-flex;
  align-items: center;
  min-height: 44px;
  padding: 10px 18px;
  border-radius: 999px;
  border: 2px solid ${theme.colors.primary};
  color: ${theme.colors.primary};
  font-weight: 600;
  cursor: pointer;
  &:focus-within {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 2px;
  }
`;

const Confirm = styled.div`
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radius};
  padding: 14px 16px;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 10px;
`;

/**
 * Profile Photo: Upload picture and Delete (confirmed in the dialog) only
 * mark an action as pending; Save Changes performs it and closes the modal,
 * or keeps it open with the server's reason when it fails; closing clears it.
 */
export function PhotoModal({ user, open, onClose }: { user: User; open: boolean; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const [pending, setPending] = useState<Pending>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [saving, setSaving] = useState(false);
  const inputId = useId();

  useEffect(() => () => (pending?.kind === 'upload' ? URL.revokeObjectURL(pending.preview) : undefined), [pending]);

  const close = () => {
    setPending(null);
    setProblem(null);
    setConfirmingDelete(false);
    onClose();
  };

  const save = async () => {
    const action = pending;
    if (!action || saving) return;
    setSaving(true);
    setProblem(null);
    try {
      const updated = action.kind === 'upload' ? await updatePhoto(user._id, action.file) : await deletePhoto(user._id);
      dispatch(setCurrentUser(updated));
      close();
      notify.success(action.kind === 'upload' ? 'Your new photo is saved.' : 'Your photo was deleted.');
    } catch (error) {
      // The modal stays open with the reason, and the chosen picture stays chosen.
      setProblem(friendlyError(error));
    } finally {
      setSaving(false);
    }
  };

  const shown = pending?.kind === 'upload' ? pending.preview : pending?.kind === 'delete' ? null : user.photo;

  return (
    <Modal open={open} title="Profile Photo" onClose={close}>
      <Center>
        <Avatar src={shown} name={`${user.firstname} ${user.lastname}`} size={140} />
        {pending?.kind === 'upload' && <p>New picture chosen: {pending.file.name}. Save Changes to keep it.</p>}
        {pending?.kind === 'delete' && <p>The photo will be deleted when you Save Changes.</p>}
        {problem && (
          <p role="alert" style={{ color: theme.colors.danger }}>
            {problem}
          </p>
        )}
        <Row>
          <UploadLabel htmlFor={inputId}>
            Upload picture
            <input
              id={inputId}
              className="visually-hidden"
              type="file"
              accept="image/jpeg,image/png,image/webp,image/gif"
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (!file) return;
                if (!file.type.startsWith('image/')) return setProblem('Please choose a JPEG, PNG, WebP or GIF picture.');
                if (file.size > MAX_BYTES) return setProblem('That picture is larger than 5 MB.');
                setProblem(null);
                setPending({ kind: 'upload', file, preview: URL.createObjectURL(file) });
              }}
            />
          </UploadLabel>
          <Button
            type="button"
            $variant="danger"
            disabled={!user.photo && pending?.kind !== 'upload'}
            onClick={() => setConfirmingDelete(true)}
          >
            Delete
          </Button>
        </Row>
        {confirmingDelete && (
          <Confirm role="alertdialog" aria-label={DELETE_PROMPT}>
            <p>{DELETE_PROMPT} It is removed when you Save Changes.</p>
            <Row>
              <Button type="button" $variant="outline" onClick={() => setConfirmingDelete(false)}>
                Keep it
              </Button>
              <Button
                type="button"
                $variant="danger"
                onClick={() => {
                  setConfirmingDelete(false);
                  setProblem(null);
                  setPending({ kind: 'delete' });
                }}
              >
                Yes, delete it
              </Button>
            </Row>
          </Confirm>
        )}
      </Center>
      <Button type="button" $block onClick={() => void save()} disabled={!pending || saving}>
        {saving ? 'Saving…' : 'Save Changes'}
      </Button>
    </Modal>
  );
}
