import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { friendlyError } from '@ministry/shared/api';
import type { StaffLocation } from '@ministry/shared/types';
import { Button, ButtonLink, FieldError, Modal, notify, SelectField } from '@ministry/shared/ui';
import { removeLocation } from './api';

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin-top: 8px;
`;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Asks before removing a location. One where events ahead are held cannot
 * go (their pages would lose their place); one that members chose as their
 * church goes only with the church they move to. The server checks both.
 */
export function RemoveLocationDialog({
  location,
  others,
  onClose,
  onRemoved,
}: {
  location: StaffLocation | null;
  others: StaffLocation[];
  onClose: () => void;
  onRemoved: () => void;
}) {
  const [moveTo, setMoveTo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setMoveTo('');
    setError(null);
    setBusy(false);
  }, [location?._id]);
  if (!location) return null;

  const blockedByEvents = location.upcomingEvents > 0;
  const needsMove = location.memberCount > 0;
  const remove = async () => {
    if (needsMove && !moveTo) {
      setError('Choose the church its members move to.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { moved } = await removeLocation(location._id, needsMove ? moveTo : undefined);
      notify.success(`${location.church_name} is removed${moved ? `; ${plural(moved, 'member', 'members')} moved` : ''}.`);
      onRemoved();
    } catch (failure) {
      setError(friendlyError(failure));
      setBusy(false);
    }
  };

  return (
    <Modal open title={`Remove ${location.church_name}?`} onClose={onClose}>
      {blockedByEvents ? (
        <>
          <p>
            {plural(location.upcomingEvents, 'event ahead takes', 'events ahead take')} place here. Give{' '}
            {location.upcomingEvents === 1 ? 'it' : 'them'} another place on the events page first, then remove the location.
          </p>
          <Buttons>
            <ButtonLink to="/admin/events" $variant="outline">
              Open the events page
            </ButtonLink>
            <Button type="button" onClick={onClose}>
              Keep it
            </Button>
          </Buttons>
        </>
      ) : (
        <>
          <p>It leaves the Locations tab at once, with its service times. This cannot be undone.</p>
          {needsMove && (
            <SelectField
              label={`${plural(location.memberCount, 'member has', 'members have')} chosen it as their church. Move them to`}
              value={moveTo}
              onChange={(e) => setMoveTo(e.target.value)}
            >
              <option value="">Choose a church…</option>
              {others.map((other) => (
                <option key={other._id} value={other._id}>
                  {other.church_name}
                </option>
              ))}
            </SelectField>
          )}
          {error && <FieldError role="alert">{error}</FieldError>}
          <Buttons>
            <Button type="button" $variant="danger" disabled={busy} onClick={() => void remove()}>
              {busy ? 'Removing…' : 'Remove location'}
            </Button>
            <Button type="button" $variant="outline" disabled={busy} onClick={onClose}>
              Keep it
            </Button>
          </Buttons>
        </>
      )}
    </Modal>
  );
}
