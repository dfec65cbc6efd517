import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { axiosInstance as http } from '@ministry/shared/api/http';
import { renderWithProviders, sampleUser, signedInState } from '@ministry/shared/testing';
import type { ReleasesOverview } from '@ministry/shared/types';
import { ReleasesPage } from './ReleasesPage';

const LIVE = '20261127-090000-aaaaaa';
const CANARY = '20261127-100000-bbbbbb';

const overview = (canary: boolean): ReleasesOverview => ({
  optedIn: false,
  rollbackAfterErrorViews: 30,
  rollbackAtErrorFactor: 5,
  apps: [
    {
      app: 'mfe-giving',
      label: 'the giving and events pages',
      local: true,
      live: { release: LIVE, releasedAt: '2026-11-27T09:00:00.000Z', releasedBy: 'Ada Admin', commit: 'abc1234' },
      canary: canary
        ? {
            release: CANARY,
            percent: 10,
            startedAt: '2026-11-27T10:00:00.000Z',
            startedBy: 'Ada Admin',
            commit: 'def5678',
            canary: { views: 40, errorViews: 4 },
            liveRelease: { views: 400, errorViews: 2 },
          }
        : null,
      lastCanary: canary
        ? null
        : { release: CANARY, endedAt: '2026-11-27T10:30:00.000Z', outcome: 'promoted', reason: 'promoted', by: 'Ada Admin' },
      releases: [
        ...(canary ? [{ release: CANARY, createdAt: '2026-11-27T10:00:00.000Z', commit: 'def5678', by: 'Ada', state: 'canary' as const }] : []),
        { release: LIVE, createdAt: '2026-11-27T09:00:00.000Z', commit: 'abc1234', by: 'Ada', state: 'live' as const },
      ],
    },
  ],
});

describe('ReleasesPage', () => {
  let api: MockAdapter;
  let hasCanary: boolean;
  beforeEach(() => {
    hasCanary = true;
    api = new MockAdapter(http);
    api.onGet('/api/admin/releases').reply(() => [200, { data: overview(hasCanary) }]);
  });
  afterEach(() => api.restore());

  it("shows each app's live release, its canary's error rates beside the live release's, and its last releases", async () => {
    renderWithProviders(<ReleasesPage />, { preloadedState: signedInState({ ...sampleUser, role: 'admin' }) });
    const panel = await screen.findByRole('region', { name: /^mfe-giving/ });
    expect(panel).toHaveTextContent(`${CANARY} for 10% of visitors`);
    expect(panel).toHaveTextContent('4 of 40 page views had errors (10.0%)');
    expect(panel).toHaveTextContent('2 of 400 page views had errors (0.5%)');
    expect(within(panel).getByRole('row', { name: new RegExp(LIVE) })).toHaveTextContent('live');
  });

  it('promotes the canary once confirmed, then shows what is live', async () => {
    api.onPost('/api/admin/releases/mfe-giving/promote').reply(() => {
      hasCanary = false;
      return [200, { data: { from: LIVE, to: CANARY, canary: false } }];
    });
    renderWithProviders(<ReleasesPage />, { preloadedState: signedInState({ ...sampleUser, role: 'admin' }) });
    const panel = await screen.findByRole('region', { name: /^mfe-giving/ });
    await userEvent.click(within(panel).getByRole('button', { name: 'Promote' }));
    expect(api.history.post).toHaveLength(0);
    const dialog = screen.getByRole('dialog', { name: /Promote the canary of mfe-giving/ });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Promote' }));
    expect(await screen.findByText(new RegExp(`Last canary ${CANARY}: promoted`))).toBeInTheDocument();
    expect(api.history.post).toHaveLength(1);
  });
});
