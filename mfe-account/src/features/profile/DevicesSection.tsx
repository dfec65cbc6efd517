import { useEffect, useState } from 'react';
import { TimeAgo } from '@ministry/shared/app';
import styled from 'styled-components';
import { friendlyError } from '@ministry/shared/api';
import { Button, notify, theme } from '@ministry/shared/ui';
import type { Device } from '@ministry/shared/types';
import { NumberedPanel } from '../../components/Panel';
import { getMyDevices, signOutDevice, signOutOtherDevices } from './api';
import { ItemList } from '../../components/ItemList';

const Badge = styled.span`
  font-size: 0.8rem;
  font-weight: 600;
  color: ${theme.colors.primary};
  margin-left: 8px;
`;

/** Where the member is signed in: each device, this one first; any other signed out, or all of them. */
export function DevicesSection() {
  const [devices, setDevices] = useState<Device[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    getMyDevices().then(
      (list) => live && setDevices(list),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);

  const act = async (run: () => Promise<Device[]>, done: string) => {
    setBusy(true);
    try {
      setDevices(await run());
      notify.success(done);
    } catch (error) {
      notify.error(friendlyError(error, "We couldn't sign it out right now. Please try again."));
    } finally {
      setBusy(false);
    }
  };

  const others = devices?.filter((d) => !d.thisDevice) ?? [];
  return (
    <NumberedPanel aria-labelledby="profile-devices">
      <h2 id="profile-devices">
        <span>08</span> Where you are signed in
      </h2>
      {failed && <p role="alert">We could not load your devices. Please reload the page.</p>}
      {!devices && !failed && <p role="status">Loading your devices…</p>}
      {devices && (
        <ItemList aria-label="Your devices">
          {devices.map((device) => (
            <li key={device._id}>
              <div>
                <strong>
                  {device.browser} on {device.system}
                  {device.thisDevice && <Badge>This device</Badge>}
                </strong>
                <small>
                  {device.thisDevice ? (
                    'In use now'
                  ) : (
                    <>
                      Last seen <TimeAgo date={device.lastSeenAt ?? device.createdAt} />
                    </>
                  )}
                </small>
              </div>
              {!device.thisDevice && (
                <Button
                  type="button"
                  $variant="outline"
                  disabled={busy}
                  aria-label={`Sign out ${device.browser} on ${device.system}`}
                  onClick={() =>
                    void act(() => signOutDevice(device._id), `${device.browser} on ${device.system} is signed out.`)
                  }
                >
                  Sign out
                </Button>
              )}
            </li>
          ))}
        </ItemList>
      )}
      {others.length > 1 && (
        <Button
          type="button"
          $variant="danger"
          disabled={busy}
          onClick={() => void act(signOutOtherDevices, 'Every other device is signed out.')}
        >
          Sign out all other devices
        </Button>
      )}
    </NumberedPanel>
  );
}
