import { useState } from 'react';
import styled from 'styled-components';
import { friendlyError } from '@ministry/shared/api';
import { formatPrice } from '@ministry/shared/format';
import type { RecurringGift } from '@ministry/shared/types';
import { Button, FieldError, Modal, notify } from '@ministry/shared/ui';
import { cancelRecurringGift } from './api';

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  margin-top: 20px;
`;

/** The donor's confirmation before a weekly or monthly gift is stopped. */
export function CancelRecurringDialog({
  gift,
  open,
  onClose,
  onCancelled,
}: {
  gift: RecurringGift;
  open: boolean;
  onClose: () => void;
  onCancelled: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await cancelRecurringGift(gift._id);
      notify.success(
        `Your ${gift.frequency} ${gift.typeLabel.toLowerCase()} gift is stopped; a confirmation is on its way by e-mail. Thank you for your giving.`,
        8000,
      );
      onCancelled();
    } catch (failure) {
      setError(friendlyError(failure, 'Your gift could not be stopped. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open={open} title={`Stop your ${gift.frequency} gift?`} onClose={busy ? () => undefined : onClose}>
      <p>
        Your {gift.frequency} {gift.typeLabel.toLowerCase()} gift of {formatPrice(gift.amount)} will not be taken again. The gifts
        you made stay on your statements.
      </p>
      {error && <FieldError role="alert">{error}</FieldError>}
      <Buttons>
        <Button type="button" $variant="danger" disabled={busy} onClick={() => void confirm()}>
          {busy ? 'Stopping…' : 'Stop this gift'}
        </Button>
        <Button type="button" $variant="outline" disabled={busy} onClick={onClose}>
          Keep giving
        </Button>
      </Buttons>
    </Modal>
  );
}
