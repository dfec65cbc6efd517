import { useEffect, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { friendlyError } from '@ministry/shared/api';
import { Button } from './Button';
import { FieldError } from './fields';
import { Modal } from './Modal';

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  margin-top: 20px;
`;

/** Thrown by a dialog's `onConfirm` to say why it cannot go ahead (a choice left to make): shown as it is. */
export class ConfirmRefusal extends Error {}

/**
 * "Cancel …?", "Delete …?", "Remove …?": what will happen (`children`), the
 * danger button that does it and a button that keeps things as they are.
 * While it works, both are disabled and the dialog does not close; a failure
 * is shown in it (the server's message, else `failure`).
 */
export function ConfirmDialog({
  open,
  title,
  children,
  onClose,
  confirmLabel,
  busyLabel,
  onConfirm,
  failure,
  keepLabel,
  extraAction,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  onClose: () => void;
  /** The danger button ('Cancel the event'); left out when it cannot be done, and the keep button is the main one. */
  confirmLabel?: string;
  /** The danger button's label while it works ('Cancelling…'). */
  busyLabel?: string;
  /** Does it and resolves once done (the caller then closes the dialog); throws to show why not. */
  onConfirm?: () => Promise<void>;
  /** What to say when it fails without a message from the server. */
  failure?: string;
  /** 'Keep the event', 'Cancel'. */
  keepLabel: string;
  /** Another way out, before the keep button (a link to where what blocks it is put right). */
  extraAction?: ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (open) setError(null);
  }, [open]);

  const confirm = async () => {
    if (!onConfirm) return;
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
    } catch (problem) {
      setError(problem instanceof ConfirmRefusal ? problem.message : friendlyError(problem, failure));
    } finally {
      setBusy(false);
    }
  };

  const canConfirm = confirmLabel !== undefined && onConfirm !== undefined;
  return (
    <Modal open={open} title={title} onClose={busy ? () => undefined : onClose}>
      {children}
      {error && <FieldError role="alert">{error}</FieldError>}
      <Buttons>
        {canConfirm && (
          <Button type="button" $variant="danger" disabled={busy} onClick={() => void confirm()}>
            {busy ? (busyLabel ?? confirmLabel) : confirmLabel}
          </Button>
        )}
        {extraAction}
        <Button type="button" $variant={canConfirm ? 'outline' : undefined} disabled={busy} onClick={onClose}>
          {keepLabel}
        </Button>
      </Buttons>
    </Modal>
  );
}
