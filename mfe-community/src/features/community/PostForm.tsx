import { useState, type FormEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { errorStatus, serverErrorCode, serverFieldErrors, serverMessage } from '@ministry/shared/api';
import { siteIdentity } from '@ministry/shared/config';
import { Button, TextAreaField, theme } from '@ministry/shared/ui';
import { POST_MAX } from '@ministry/shared/limits';
import type { yup } from '@ministry/shared/validation';
import { checkWithRules, loadFormRules, type FormRules } from '../../lib/formRules';
import { usePostOutcome } from './usePostOutcome';
import { forgetPostingState, usePostingStopped } from './usePostingStopped';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  textarea {
    white-space: pre-wrap;
  }
`;

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 12px;
  flex-wrap: wrap;
`;

const Count = styled.span<{ $over: boolean }>`
  color: ${(p) => (p.$over ? theme.colors.danger : theme.colors.muted)};
  font-size: 0.82rem;
`;

const Stopped = styled.p`
  margin: 0;
  padding: 12px 16px;
  border-radius: 8px;
  background: #fdf0ef;
  border: 1px solid #f0c8c4;
  color: ${theme.colors.text};
`;

/** Said in place of the form to a member a moderator stopped from posting. */
export const POSTING_STOPPED = `A moderator has stopped your account from posting, so you cannot post here. If you think this is a mistake, please write to ${siteIdentity.contact.email}.`;

export const SESSION_ENDED = 'Your session has ended. Please log in again to post.';

/**
 * A text box that posts a prayer, a story or a comment. It checks the shared
 * rules first (nothing to say, too long: a message under the field), then
 * sends; on success the input is cleared (spec section 4) and the spec's
 * notifications show. A 400 or 401 from the server is said under the field.
 */
export function PostForm<T>({
  field,
  label,
  placeholder,
  submitLabel,
  rules,
  extra = {},
  rows = 4,
  onPost,
  onPosted,
  onCancel,
  autoFocus,
  initialText = '',
  children,
}: {
  /** The field name in the shared schema (and in the server's field errors). */
  field: string;
  label: string;
  placeholder?: string;
  submitLabel: string;
  /** The shared rule set the post must pass (loaded when the member starts writing). */
  rules: (all: FormRules) => yup.AnyObjectSchema;
  /** Other values the schema checks (a comment's story). */
  extra?: Record<string, unknown>;
  rows?: number;
  onPost: (text: string) => Promise<T>;
  onPosted: (post: T) => void;
  onCancel?: () => void;
  autoFocus?: boolean;
  /** What the box starts with (a story told from an answered prayer). */
  initialText?: string;
  /** Choices shown between the text box and the buttons (a prayer's "Post without my name"). */
  children?: ReactNode;
}) {
  const [text, setText] = useState(initialText);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  // Asked when the form shows, or learnt from the server's refusal (a stop since).
  const stopped = usePostingStopped();
  const [stoppedNow, setStoppedNow] = useState(false);
  const outcome = usePostOutcome();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const invalid = await checkWithRules(rules, { ...extra, [field]: text });
    if (Object.keys(invalid).length) {
      setError(invalid[field] ?? Object.values(invalid)[0]);
      return;
    }
    setError(undefined);
    setBusy(true);
    outcome.sending();
    try {
      const post = await onPost(text.trim());
      setText('');
      outcome.sent();
      onPosted(post);
    } catch (failure) {
      const status = errorStatus(failure);
      if (status === 400) {
        setError(serverFieldErrors(failure)[field] ?? serverMessage(failure) ?? 'Please check what you wrote.');
        outcome.failed(false);
      } else if (status === 401) {
        setError(SESSION_ENDED);
        outcome.failed(false);
      } else if (status === 403 && serverErrorCode(failure) === 'posting_stopped') {
        forgetPostingState();
        setStoppedNow(true);
        outcome.failed(false);
      } else if ((status === 403 || status === 429) && serverMessage(failure)) {
        // Why this member may not post now: an unconfirmed address, a moderator's stop, the posting limits.
        setError(serverMessage(failure));
        outcome.failed(false);
      } else {
        outcome.failed();
      }
    } finally {
      setBusy(false);
    }
  };

  if (stopped || stoppedNow) return <Stopped role="note">{POSTING_STOPPED}</Stopped>;

  const length = text.trim().length;
  return (
    <Form onSubmit={submit} noValidate>
      <TextAreaField
        label={label}
        placeholder={placeholder}
        rows={rows}
        value={text}
        autoFocus={autoFocus}
        // The rules load while the member writes: sending waits for nothing.
        onFocus={() => void loadFormRules()}
        onChange={(e) => {
          setText(e.target.value);
          if (error) setError(undefined);
        }}
        error={error}
        hint={
          <Count $over={length > POST_MAX} aria-live="off">
            {length} / {POST_MAX}
          </Count>
        }
      />
      {children}
      <Actions>
        {onCancel && (
          <Button type="button" $variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" disabled={busy}>
          {busy ? 'Sending…' : submitLabel}
        </Button>
      </Actions>
    </Form>
  );
}
