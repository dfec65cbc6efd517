import { useState } from 'react';
import styled from 'styled-components';
import { friendlyError } from '@ministry/shared/api';
import { useResource } from '@ministry/shared/app';
import { inSiteTimeZone } from '@ministry/shared/format';
import type { AppReleases, ReleaseEntry } from '@ministry/shared/types';
import {
  Button,
  Modal,
  notify,
  ResourceView,
  StaffPage,
  StaffPanel,
  StaffTable,
  StatusBadge,
  theme,
} from '@ministry/shared/ui';
import { getReleases, promoteRelease, rollBackRelease, setCanaryOptIn, type ReleaseChange } from './api';

/* One column no wider than the page: a release table scrolls inside its own region instead of widening the page. */
const Apps = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 20px;
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  gap: 6px 16px;
  margin: 0 0 14px;
  dt {
    font-weight: 600;
    color: ${theme.colors.primary};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin: 12px 0;
`;

const OptIn = styled.label`
  display: flex;
  align-items: center;
  gap: 10px;
  margin-bottom: 20px;
  input {
    width: 20px;
    height: 20px;
  }
`;

const TONE: Record<ReleaseEntry['state'], 'ok' | 'warn' | 'muted' | 'danger'> = {
  live: 'ok',
  canary: 'warn',
  'was live': 'muted',
  'rolled back': 'danger',
  built: 'muted',
};

const when = (at: string | null) => (at ? inSiteTimeZone(at).format('D MMM YYYY, HH:mm') : 'unknown');
const rate = (c: { views: number; errorViews: number }) =>
  `${c.errorViews} of ${c.views} page views had errors (${c.views ? ((100 * c.errorViews) / c.views).toFixed(1) : '0.0'}%)`;

type Action = 'promote' | 'rollback';

/** /admin/releases (admins): each app's live release, a canary and how it fares, the last releases; promote and roll back. */
export function ReleasesPage() {
  const releases = useResource(() => getReleases(), 'staff-releases');
  const [asking, setAsking] = useState<{ app: AppReleases; action: Action } | null>(null);
  const [busy, setBusy] = useState(false);
  const [optingIn, setOptingIn] = useState(false);

  const act = async () => {
    if (!asking) return;
    setBusy(true);
    try {
      const change: ReleaseChange =
        asking.action === 'promote' ? await promoteRelease(asking.app.app) : await rollBackRelease(asking.app.app);
      notify.success(
        asking.action === 'promote'
          ? `${asking.app.app}: ${change.to} is live for everyone.`
          : change.canary
            ? `${asking.app.app}: the canary ${change.from} ended; everyone is on ${change.to}.`
            : `${asking.app.app}: rolled back from ${change.from} to ${change.to}.`,
      );
      setAsking(null);
      releases.reload();
    } catch (error) {
      notify.error(friendlyError(error));
    } finally {
      setBusy(false);
    }
  };

  const optIn = async (on: boolean) => {
    setOptingIn(true);
    try {
      await setCanaryOptIn(on);
      notify.success(on ? 'This browser now sees every canary.' : 'This browser now sees what visitors see.');
      releases.reload();
    } catch (error) {
      notify.error(friendlyError(error));
    } finally {
      setOptingIn(false);
    }
  };

  return (
    <StaffPage
      title="Releases"
      intro="What each part of the site runs, how a canary fares beside the live release, and the way back."
    >
      <ResourceView resource={releases} what="the releases" empty="No app has been released yet." isEmpty={(d) => !d.apps.length}>
        {(data) => (
          <>
            <OptIn>
              <input
                type="checkbox"
                checked={data.optedIn}
                disabled={optingIn}
                onChange={(e) => void optIn(e.target.checked)}
              />
              See every canary in this browser
            </OptIn>
            <p>
              A canary is rolled back on its own once {data.rollbackAfterErrorViews} of its page views had errors at{' '}
              {data.rollbackAtErrorFactor} times the live release&apos;s rate or more.
            </p>
            <Apps>
              {data.apps.map((app) => (
                <AppPanel key={app.app} app={app} onAsk={(action) => setAsking({ app, action })} />
              ))}
            </Apps>
          </>
        )}
      </ResourceView>
      <Modal
        open={asking !== null}
        title={asking?.action === 'promote' ? `Promote the canary of ${asking.app.app}?` : `Roll back ${asking?.app.app ?? ''}?`}
        onClose={() => setAsking(null)}
      >
        <p>
          {asking?.action === 'promote'
            ? `Its canary ${asking.app.canary?.release ?? ''} becomes live for every visitor.`
            : asking?.app.canary
              ? `Its canary ${asking.app.canary.release} ends: its visitors go back to ${asking.app.live?.release ?? 'the live release'}.`
              : 'The release live before this one comes back for every visitor.'}
        </p>
        <Buttons>
          <Button
            type="button"
            $variant={asking?.action === 'promote' ? undefined : 'danger'}
            disabled={busy}
            onClick={() => void act()}
          >
            {busy ? 'Working…' : asking?.action === 'promote' ? 'Promote' : 'Roll back'}
          </Button>
          <Button type="button" $variant="outline" onClick={() => setAsking(null)}>
            Cancel
          </Button>
        </Buttons>
      </Modal>
    </StaffPage>
  );
}

function AppPanel({ app, onAsk }: { app: AppReleases; onAsk: (action: Action) => void }) {
  const headingId = `release-${app.app}`;
  return (
    <StaffPanel aria-labelledby={headingId}>
      <h2 id={headingId}>
        {app.app}: {app.label}
      </h2>
      <Facts>
        <dt>Live</dt>
        <dd>
          {app.live
            ? `${app.live.release}, since ${when(app.live.releasedAt)}${app.live.releasedBy ? `, by ${app.live.releasedBy}` : ''}${
                app.live.commit ? `, from ${app.live.commit}` : ''
              }`
            : 'nothing is live'}
        </dd>
        {app.canary && (
          <>
            <dt>Canary</dt>
            <dd>
              {app.canary.release} for {app.canary.percent}% of visitors, since {when(app.canary.startedAt)}
              {app.canary.startedBy ? `, by ${app.canary.startedBy}` : ''}
            </dd>
            <dt>Its errors</dt>
            <dd>{rate(app.canary.canary)}</dd>
            <dt>Live release&apos;s</dt>
            <dd>{rate(app.canary.liveRelease)}</dd>
          </>
        )}
      </Facts>
      {app.lastCanary && (
        <p>
          Last canary {app.lastCanary.release}: {app.lastCanary.outcome} ({when(app.lastCanary.endedAt)}
          {app.lastCanary.by ? `, by ${app.lastCanary.by}` : ''}). {app.lastCanary.reason}
        </p>
      )}
      {app.local ? (
        <Buttons>
          {app.canary && (
            <Button type="button" onClick={() => onAsk('promote')}>
              Promote
            </Button>
          )}
          {app.live && (
            <Button type="button" $variant="outline" onClick={() => onAsk('rollback')}>
              {app.canary ? 'Roll back the canary' : 'Roll back'}
            </Button>
          )}
        </Buttons>
      ) : (
        <p>Its releases are hosted at an address: promote and roll back it where it is hosted.</p>
      )}
      {app.releases.length > 0 && (
        <StaffTable label={`The last releases of ${app.app}, newest first`}>
          <thead>
            <tr>
              <th scope="col">Release</th>
              <th scope="col">State</th>
              <th scope="col">Made</th>
              <th scope="col">By</th>
              <th scope="col">Commit</th>
            </tr>
          </thead>
          <tbody>
            {app.releases.map((r) => (
              <tr key={r.release}>
                <td>{r.release}</td>
                <td>
                  <StatusBadge $tone={TONE[r.state]}>{r.state}</StatusBadge>
                </td>
                <td>{when(r.createdAt)}</td>
                <td>{r.by ?? 'unknown'}</td>
                <td>{r.commit ?? 'unknown'}</td>
              </tr>
            ))}
          </tbody>
        </StaffTable>
      )}
    </StaffPanel>
  );
}
