import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { errorStatus, friendlyError, serverFieldErrors } from '@ministry/shared/api';
import { logout, useAppDispatch } from '@ministry/shared/store';
import type { User } from '@ministry/shared/types';
import { Button, Modal, TextField, notify, theme } from '@ministry/shared/ui';
import { NumberedPanel } from '../../components/Panel';
import { deleteMyAccount, downloadMyData, requestCode } from './api';

const Panel = styled(NumberedPanel)`
  p {
    color: ${theme.colors.muted};
    margin: 0 0 12px;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 12px;
    margin-bottom: 24px;
  }
`;

const What = styled.ul`
  margin: 0 0 16px;
  padding-left: 20px;
  li {
    margin-bottom: 6px;
  }
`;

const Choice = styled.fieldset`
  border: 1px solid ${theme.colors.border};
  border-radius: 8px;
  padding: 10px 14px;
  margin: 0 0 16px;
  legend {
    font-weight: 600;
    padding: 0 4px;
  }
  label {
    display: flex;
    gap: 10px;
    align-items: flex-start;
    padding: 6px 0;
    min-height: 32px;
    cursor: pointer;
  }
  input {
    margin-top: 3px;
    accent-color: ${theme.colors.primary};
  }
`;

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  flex-wrap: wrap;
  gap: 12px;
  margin-top: 8px;
`;

const LinkButton = styled.button`
  background: none;
  border: none;
  padding: 4px 0;
  color: ${theme.colors.primary};
  text-decoration: underline;
  cursor: pointer;
  font: inherit;
`;

/** Saves a downloaded file under `name` (the browser's download). */
function save(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

const TOO_MANY_DOWNLOADS = 'You have downloaded your data several times in the last hour. Please try again later.';

/** The confirmation that says what deleting the account does, and asks for the password or a code. */
function DeleteAccountDialog({ user, open, onClose }: { user: User; open: boolean; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [posts, setPosts] = useState<'anonymous' | 'delete'>('anonymous');
  const [byCode, setByCode] = useState(false);
  const [secret, setSecret] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const askForCode = async () => {
    setBusy(true);
    try {
      await requestCode(user.email);
      setByCode(true);
      setSecret('');
      setError(undefined);
      notify.success(`We have e-mailed a code to ${user.email}.`);
    } catch (failure) {
      notify.error(friendlyError(failure));
    } finally {
      setBusy(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!secret.trim()) {
      setError(byCode ? 'Please type the code we e-mailed you.' : 'Please type your password.');
      return;
    }
    setBusy(true);
    try {
      const message = await deleteMyAccount(byCode ? { code: secret.trim(), posts } : { password: secret, posts });
      navigate('/');
      dispatch(logout());
      notify.success(message, 8000);
    } catch (failure) {
      const fields = serverFieldErrors(failure);
      const text = fields.password ?? fields.code;
      if (text) setError(text);
      else notify.error(friendlyError(failure));
      setBusy(false);
    }
  };

  return (
    <Modal open={open} title="Delete your account?" onClose={onClose}>
      <p>This cannot be undone. When you delete your account:</p>
      <What>
        <li>you are signed out everywhere, and your photo is deleted;</li>
        <li>your likes and &ldquo;I prayed&rdquo; marks are removed, and you leave any waiting list;</li>
        <li>
          your future tickets are cancelled and refunded, as the event&rsquo;s cancellation policy allows (tickets too close to
          their event stay valid);
        </li>
        <li>
          your recurring gifts stop; your past gifts stay in the church&rsquo;s records, for the statements the law asks for,
          without your profile;
        </li>
        <li>your newsletter subscription ends, and we e-mail you to confirm the deletion.</li>
      </What>
      <p>You can sign up again with the same address later, as a new member.</p>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Choice>
          <legend>Your prayers, stories and comments</legend>
          <label>
            <input type="radio" name="posts" checked={posts === 'anonymous'} onChange={() => setPosts('anonymous')} />
            <span>Keep them, without my name</span>
          </label>
          <label>
            <input type="radio" name="posts" checked={posts === 'delete'} onChange={() => setPosts('delete')} />
            <span>Delete them</span>
          </label>
        </Choice>
        {byCode ? (
          <TextField
            label="Code from the e-mail"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={secret}
            onChange={(e) => setSecret(e.target.value)}
            error={error}
          />
        ) : (
          <TextField
            label="Your password"
            type="password"
            autoComplete="current-password"
            value={secret}
            onChange={(e) => setSecret(e.target.value)}
            error={error}
          />
        )}
        {!byCode && (
          <LinkButton type="button" onClick={() => void askForCode()} disabled={busy}>
            No password? E-mail me a code instead
          </LinkButton>
        )}
        <Actions>
          <Button type="button" $variant="outline" onClick={onClose}>
            Keep my account
          </Button>
          <Button type="submit" $variant="danger" disabled={busy}>
            {busy ? 'Deleting…' : 'Delete my account'}
          </Button>
        </Actions>
      </form>
    </Modal>
  );
}

/** "Your data": download everything the site keeps about the member, or delete the account. */
export function YourDataSection({ user }: { user: User }) {
  const [downloading, setDownloading] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      save(await downloadMyData(), `my-data-${new Date().toISOString().slice(0, 10)}.zip`);
    } catch (failure) {
      notify.error(errorStatus(failure) === 429 ? TOO_MANY_DOWNLOADS : friendlyError(failure));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Panel aria-labelledby="profile-data">
      <h2 id="profile-data">
        <span>07</span> Your data
      </h2>
      <p>
        Download everything we keep about you (your profile, photo, posts, bookings, gifts, subscriptions and sign-ins) as a ZIP
        file.
      </p>
      <div className="actions">
        <Button type="button" $variant="outline" onClick={() => void download()} disabled={downloading}>
          {downloading ? 'Preparing your file…' : 'Download my data'}
        </Button>
      </div>
      <p>Deleting your account removes your profile for good; the next step says exactly what happens.</p>
      <div className="actions">
        <Button type="button" $variant="danger" onClick={() => setDeleting(true)}>
          Delete my account
        </Button>
      </div>
      <DeleteAccountDialog user={user} open={deleting} onClose={() => setDeleting(false)} />
    </Panel>
  );
}
