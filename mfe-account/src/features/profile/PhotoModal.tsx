import { useEffect, useId, useState } from 'react';
import styled from 'styled-components';
import type { User } from '@ministry/shared/types';
import { errorStatus, friendlyError, serverFieldErrors } from '@ministry/shared/api';
import { setCurrentUser, useAppDispatch } from '@ministry/shared/store';
import { Button, Modal, notify, theme } from '@ministry/shared/ui';
import { Avatar } from './Avatar';
import { deletePhoto, updatePhoto } from './api';

// The original asked the browser's own confirm, "you will delete this image!!" (docs/spec-deviations.md).
export const DELETE_PROMPT = 'Delete your profile photo?';
const MAX_BYTES = 5 * 1024 * 1024;

type Pending = { kind: 'upload'; file: File; preview: string } | null;

const NOT_A_PICTURE = 'That file is not a picture we can use: please choose a JPEG, PNG, WebP or GIF picture.';

/** A file's first bytes (FileReader: every browser, and the tests' DOM). */
function firstBytes(file: File, count: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsArrayBuffer(file.slice(0, count));
  });
}

/**
 * Whether a file starts as a JPEG, PNG, GIF or WebP picture does, whatever
 * its name says: a text file renamed .jpg is refused before it is shown.
 */
export async function looksLikePicture(file: File): Promise<boolean> {
  const b = await firstBytes(file, 12).catch(() => new Uint8Array());
  const ascii = (from: number, to: number) => String.fromCharCode(...b.slice(from, to));
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return true; // JPEG
  if (b[0] === 0x89 && ascii(1, 4) === 'PNG') return true;
  if (ascii(0, 4) === 'GIF8') return true;
  return ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP';
}

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
 * Profile Photo: Upload picture only marks a picture as chosen (a file that
 * is not a picture, whatever its name, is refused and never shown); Save
 * Changes uploads it and closes the modal, or keeps it open with the
 * server's reason when it fails; closing clears it. Delete, confirmed in the
 * dialog, deletes at once (one step, nothing left pending).
 */
export function PhotoModal({ user, open, onClose }: { user: User; open: boolean; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const [pending, setPending] = useState<Pending>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState(false);
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
      dispatch(setCurrentUser(await updatePhoto(user._id, action.file)));
      close();
      notify.success('Your new photo is saved.');
    } catch (error) {
      // The modal stays open with the reason; a picture the server refused leaves the preview.
      const refused = [400, 413, 415].includes(errorStatus(error));
      setProblem(refused ? (serverFieldErrors(error).photo ?? friendlyError(error)) : friendlyError(error));
      if (refused) setPending(null);
    } finally {
      setSaving(false);
    }
  };

  /** Deleting is one step, once confirmed: nothing is left pending. */
  const remove = async () => {
    if (deleting) return;
    setDeleting(true);
    setProblem(null);
    try {
      dispatch(setCurrentUser(await deletePhoto(user._id)));
      close();
      notify.success('Your photo was deleted.');
    } catch (error) {
      setProblem(friendlyError(error));
    } finally {
      setDeleting(false);
      setConfirmingDelete(false);
    }
  };

  const choose = async (file: File) => {
    if (!file.type.startsWith('image/') || !(await looksLikePicture(file))) {
      setPending(null);
      return setProblem(NOT_A_PICTURE);
    }
    if (file.size > MAX_BYTES) {
      setPending(null);
      return setProblem('That picture is larger than 5 MB.');
    }
    setProblem(null);
    setConfirmingDelete(false);
    setPending({ kind: 'upload', file, preview: URL.createObjectURL(file) });
  };

  const shown = pending ? pending.preview : user.photo;

  return (
    <Modal open={open} title="Profile Photo" onClose={close}>
      <Center>
        <Avatar src={shown} name={`${user.firstname} ${user.lastname}`} size={140} />
        {pending && <p>New picture chosen: {pending.file.name}. Save Changes to keep it.</p>}
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
                if (file) void choose(file);
              }}
            />
          </UploadLabel>
          <Button type="button" $variant="danger" disabled={!user.photo || !!pending} onClick={() => setConfirmingDelete(true)}>
            Delete
          </Button>
        </Row>
        {confirmingDelete && (
          <Confirm role="alertdialog" aria-label={DELETE_PROMPT}>
            <p>{DELETE_PROMPT} It is removed at once.</p>
            <Row>
              <Button type="button" $variant="outline" disabled={deleting} onClick={() => setConfirmingDelete(false)}>
                Keep it
              </Button>
              <Button type="button" $variant="danger" disabled={deleting} onClick={() => void remove()}>
                {deleting ? 'Deleting…' : 'Yes, delete it'}
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
