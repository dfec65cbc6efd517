import styled from 'styled-components';
import { Button, Modal } from '@ministry/shared/ui';

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 12px;
  margin-top: 20px;
`;

/** The confirmation before a profile section is saved (Close / Save). */
export function ConfirmUpdateDialog({
  open,
  busy,
  onClose,
  onConfirm,
}: {
  open: boolean;
  busy: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal open={open} title="Confirm your update" onClose={onClose}>
      <p>Do you confirm your update?</p>
      <Actions>
        <Button type="button" $variant="outline" onClick={onClose}>
          Close
        </Button>
        <Button type="button" onClick={onConfirm} disabled={busy}>
          {busy ? 'Saving…' : 'Save'}
        </Button>
      </Actions>
    </Modal>
  );
}
