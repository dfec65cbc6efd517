import { useId, useState, type FormEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { errorStatus, friendlyError, serverMessage } from '@ministry/shared/api';
import { Button, FieldError, Modal, theme } from '@ministry/shared/ui';

const REASON_MAX = 300;

const Link = styled.button`
  /* Under a post or a comment, at the start of the line like the text above it (not stretched and centred). */
  align-self: flex-start;
  text-align: left;
  background: none;
  border: 0;
  padding: 4px 0;
  font: inherit;
  font-size: 0.82rem;
  color: ${theme.colors.muted};
  text-decoration: underline;
  cursor: pointer;
  &:hover {
    color: ${theme.colors.danger};
  }
`;

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: 10px;
  label {
    font-weight: 600;
  }
  textarea {
    font: inherit;
    padding: 10px 12px;
    border: 1px solid ${theme.colors.border};
    border-radius: 8px;
  }
  div.actions {
    display: flex;
    gap: 10px;
    justify-content: flex-end;
    flex-wrap: wrap;
  }
`;

/**
 * A small link-like button that opens the site's dialog asking for a reason
 * (a member's report, a moderator's reason for hiding a post), then sends it.
 */
export function ReasonButton({
  label,
  title,
  question,
  submitLabel,
  required,
  send,
}: {
  /** The button's text (with any words only screen readers need). */
  label: ReactNode;
  title: string;
  question: string;
  submitLabel: string;
  /** Whether a reason must be given. */
  required: boolean;
  /** Sends the reason; resolves once done. */
  send: (reason: string) => Promise<void>;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const fieldId = useId();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const text = reason.trim();
    if (required && !text) return setError('Please say what is wrong with this post');
    if (text.length > REASON_MAX) return setError(`Must be at most ${REASON_MAX} characters`);
    setBusy(true);
    try {
      await send(text);
      setOpen(false);
    } catch (failure) {
      const status = errorStatus(failure);
      setError(
        status === 400 || status === 403 || status === 429
          ? (serverMessage(failure) ?? friendlyError(failure))
          : friendlyError(failure),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Link type="button" onClick={() => setOpen(true)}>
        {label}
      </Link>
      <Modal open={open} title={title} onClose={() => setOpen(false)}>
        <Form onSubmit={submit} noValidate>
          <label htmlFor={fieldId}>{question}</label>
          <textarea
            id={fieldId}
            rows={3}
            value={reason}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${fieldId}-error` : undefined}
            onChange={(e) => {
              setReason(e.target.value);
              setError(undefined);
            }}
          />
          {error && <FieldError id={`${fieldId}-error`}>{error}</FieldError>}
          <div className="actions">
            <Button type="button" $variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? 'Sending…' : submitLabel}
            </Button>
          </div>
        </Form>
      </Modal>
    </>
  );
}
