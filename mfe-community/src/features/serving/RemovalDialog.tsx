import { ConfirmDialog, notify } from '@ministry/shared/ui';

/** A removal the staff confirm first: what it is, what goes with it, the call and what to say once done. */
export interface Removal {
  title: string;
  text: string;
  confirmLabel: string;
  work: () => Promise<unknown>;
  done: string;
}

/** Asks before a removal (`removal`, or closed when null); says it is done, or shows why it failed. */
export function RemovalDialog({
  removal,
  onClose,
  onDone,
}: {
  removal: Removal | null;
  onClose: () => void;
  onDone: () => void;
}) {
  return (
    <ConfirmDialog
      open={removal !== null}
      title={removal?.title ?? ''}
      onClose={onClose}
      confirmLabel={removal?.confirmLabel}
      busyLabel="Removing…"
      onConfirm={async () => {
        if (!removal) return;
        await removal.work();
        notify.success(removal.done);
        onClose();
        onDone();
      }}
      keepLabel="Keep it"
    >
      <p>{removal?.text}</p>
    </ConfirmDialog>
  );
}
