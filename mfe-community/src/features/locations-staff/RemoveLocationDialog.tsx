import { useEffect, useState } from 'react';
import type { StaffLocation } from '@ministry/shared/types';
import { ButtonLink, ConfirmDialog, ConfirmRefusal, notify, SelectField } from '@ministry/shared/ui';
import { removeLocation } from './api';

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
  useEffect(() => setMoveTo(''), [location?._id]);
  if (!location) return null;

  const blockedByEvents = location.upcomingEvents > 0;
  const needsMove = location.memberCount > 0;
  const remove = async () => {
    if (needsMove && !moveTo) throw new ConfirmRefusal('Choose the church its members move to.');
    const { moved } = await removeLocation(location._id, needsMove ? moveTo : undefined);
    notify.success(`${location.church_name} is removed${moved ? `; ${plural(moved, 'member', 'members')} moved` : ''}.`);
    onRemoved();
  };

  return (
    <ConfirmDialog
      key={location._id}
      open
      title={`Remove ${location.church_name}?`}
      onClose={onClose}
      keepLabel="Keep it"
      {...(blockedByEvents
        ? {
            extraAction: (
              <ButtonLink to="/admin/events" $variant="outline">
                Open the events page
              </ButtonLink>
            ),
          }
        : { confirmLabel: 'Remove location', busyLabel: 'Removing…', onConfirm: remove })}
    >
      {blockedByEvents ? (
        <p>
          {plural(location.upcomingEvents, 'event ahead takes', 'events ahead take')} place here. Give{' '}
          {location.upcomingEvents === 1 ? 'it' : 'them'} another place on the events page first, then remove the location.
        </p>
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
        </>
      )}
    </ConfirmDialog>
  );
}
