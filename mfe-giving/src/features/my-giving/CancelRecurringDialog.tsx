import { formatPrice } from '@ministry/shared/format';
import type { RecurringGift } from '@ministry/shared/types';
import { ConfirmDialog, notify } from '@ministry/shared/ui';
import { cancelRecurringGift } from './api';

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
  const confirm = async () => {
    await cancelRecurringGift(gift._id);
    notify.success(
      `Your ${gift.frequency} ${gift.typeLabel.toLowerCase()} gift is stopped; a confirmation is on its way by e-mail. Thank you for your giving.`,
      8000,
    );
    onCancelled();
  };

  return (
    <ConfirmDialog
      open={open}
      title={`Stop your ${gift.frequency} gift?`}
      onClose={onClose}
      confirmLabel="Stop this gift"
      busyLabel="Stopping…"
      onConfirm={confirm}
      failure="Your gift could not be stopped. Please try again."
      keepLabel="Keep giving"
    >
      <p>
        Your {gift.frequency} {gift.typeLabel.toLowerCase()} gift of {formatPrice(gift.amount)} will not be taken again. The gifts
        you made stay on your statements.
      </p>
    </ConfirmDialog>
  );
}
