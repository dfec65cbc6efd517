import { useEffect, useState, type FormEvent } from 'react';
import { TimeAgo } from '@ministry/shared/app';
import styled from 'styled-components';
import { formatNewsDate } from '@ministry/shared/format';
import type { Passkey } from '@ministry/shared/types';
import { Button, ConfirmDialog, ConfirmRefusal, Modal, TextField, notify, theme } from '@ministry/shared/ui';
import { addPasskey, getMyPasskeys, passkeyErrorMessage, passkeysSupported, PASSKEYS_UNSUPPORTED, removePasskey } from './api';
import { ItemList } from '../../components/ItemList';

const Part = styled.section`
  margin-top: 28px;
  padding-top: 20px;
  border-top: 1px solid ${theme.colors.border};
  h3 {
    margin: 0 0 6px;
    font-size: 1.05rem;
    color: ${theme.colors.primary};
  }
  > p {
    margin: 0 0 12px;
    color: ${theme.colors.muted};
  }
`;

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  flex-wrap: wrap;
  gap: 12px;
  margin-top: 16px;
`;

/** A name to start from: the device's kind, as the browser tells it. */
function suggestedName(): string {
  if (typeof navigator === 'undefined') return '';
  const ua = navigator.userAgent;
  if (/iPhone/.test(ua)) return 'My iPhone';
  if (/iPad/.test(ua)) return 'My iPad';
  if (/Android/.test(ua)) return 'My Android phone';
  if (/Macintosh|Mac OS X/.test(ua)) return 'My Mac';
  if (/Windows/.test(ua)) return 'My Windows computer';
  return 'My computer';
}

function AddPasskeyDialog({
  open,
  onClose,
  onAdded,
}: {
  open: boolean;
  onClose: () => void;
  onAdded: (list: Passkey[]) => void;
}) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) {
      setName(suggestedName());
      setError(undefined);
    }
  }, [open]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const clean = name.trim();
    if (!clean) {
      setError('Please give this passkey a name, e.g. “My phone”.');
      return;
    }
    if (clean.length > 60) {
      setError('A passkey’s name has at most 60 characters.');
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      onAdded(await addPasskey(clean));
      notify.success(`Your passkey “${clean}” is added: you can sign in with it now.`);
      onClose();
    } catch (failure) {
      setError(passkeyErrorMessage(failure, 'We could not add this passkey. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open={open} title="Add a passkey" onClose={onClose}>
      <p>
        A passkey lets you sign in with this device&rsquo;s screen lock (your fingerprint, face or PIN) instead of your password.
        Name it so you know it again.
      </p>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          label="Name of this passkey"
          value={name}
          maxLength={60}
          autoComplete="off"
          onChange={(e) => setName(e.target.value)}
          error={error}
        />
        <Actions>
          <Button type="button" $variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? 'Waiting for your device…' : 'Continue'}
          </Button>
        </Actions>
      </form>
    </Modal>
  );
}

function RemovePasskeyDialog({
  passkey,
  onClose,
  onRemoved,
}: {
  passkey: Passkey | null;
  onClose: () => void;
  onRemoved: (list: Passkey[]) => void;
}) {
  const remove = async () => {
    if (!passkey) return;
    try {
      onRemoved(await removePasskey(passkey._id));
    } catch (failure) {
      throw new ConfirmRefusal(passkeyErrorMessage(failure, 'We could not remove this passkey. Please try again.'));
    }
    notify.success(`The passkey “${passkey.name}” is removed.`);
    onClose();
  };
  return (
    <ConfirmDialog
      open={passkey !== null}
      title="Remove this passkey?"
      onClose={onClose}
      confirmLabel="Remove passkey"
      busyLabel="Removing…"
      onConfirm={remove}
      keepLabel="Keep it"
    >
      <p>
        You will no longer sign in with &ldquo;{passkey?.name}&rdquo;. Your password and your other passkeys keep working. You may
        also delete it from the device&rsquo;s own list of passkeys.
      </p>
    </ConfirmDialog>
  );
}

/** The security section's passkeys: each one (name, added, last used), removed after a confirmation; "Add a passkey". */
export function PasskeysPart() {
  const [passkeys, setPasskeys] = useState<Passkey[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [supported, setSupported] = useState(true);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Passkey | null>(null);

  useEffect(() => {
    let live = true;
    setSupported(passkeysSupported());
    getMyPasskeys().then(
      (list) => live && setPasskeys(list),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);

  return (
    <Part aria-labelledby="profile-passkeys">
      <h3 id="profile-passkeys">Passkeys</h3>
      <p>Sign in with your device&rsquo;s fingerprint, face or PIN instead of your password.</p>
      {failed && <p role="alert">We could not load your passkeys. Please reload the page.</p>}
      {!passkeys && !failed && <p role="status">Loading your passkeys…</p>}
      {passkeys && passkeys.length === 0 && <p>You have no passkey yet.</p>}
      {passkeys && passkeys.length > 0 && (
        <ItemList aria-label="Your passkeys">
          {passkeys.map((passkey) => (
            <li key={passkey._id}>
              <div>
                <strong>{passkey.name}</strong>
                <small>
                  Added {formatNewsDate(passkey.createdAt)} ·{' '}
                  {passkey.lastUsedAt ? (
                    <>
                      last used <TimeAgo date={passkey.lastUsedAt} />
                    </>
                  ) : (
                    'not used yet'
                  )}
                </small>
              </div>
              <Button type="button" $variant="outline" aria-label={`Remove ${passkey.name}`} onClick={() => setRemoving(passkey)}>
                Remove
              </Button>
            </li>
          ))}
        </ItemList>
      )}
      {supported ? (
        <Button type="button" $variant="outline" onClick={() => setAdding(true)}>
          Add a passkey
        </Button>
      ) : (
        <p role="note">{PASSKEYS_UNSUPPORTED}</p>
      )}
      <AddPasskeyDialog open={adding} onClose={() => setAdding(false)} onAdded={setPasskeys} />
      <RemovePasskeyDialog passkey={removing} onClose={() => setRemoving(null)} onRemoved={setPasskeys} />
    </Part>
  );
}
