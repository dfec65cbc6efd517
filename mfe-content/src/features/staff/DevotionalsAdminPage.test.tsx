import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { axiosInstance as http } from '@ministry/shared/api/http';
import type { StaffDevotional } from '@ministry/shared/types';
import { renderStaffPage } from '../../testing/staff';

const item = (n: number, overrides: Partial<StaffDevotional> = {}): StaffDevotional => ({
  _id: `5a0e3c1e-93f5-4d7b-9c1a-${String(n).padStart(12, '0')}`,
  slug: `devotional-${n}`,
  title: `Devotional ${n}`,
  date: '2026-11-20',
  verses: '',
  tags: ['Faith'],
  image: '/media/devotional-1.svg',
  detail: '<p>Body</p>',
  status: 'published',
  state: 'published',
  slugLocked: true,
  publishAt: '2026-11-20T05:00:00.000Z',
  updatedAt: '2026-11-20T05:00:00.000Z',
  ...overrides,
});

const first = [
  item(1, {
    title: 'Tomorrow’s word',
    date: '2099-12-03',
    status: 'published',
    state: 'scheduled',
    publishAt: '2099-12-03T05:00:00.000Z',
    slugLocked: false,
    tags: ['Hope', 'Morning'],
  }),
  item(2, { title: 'Still a draft', status: 'draft', state: 'draft', slugLocked: false }),
  item(3, { title: 'The Lamp and the Path' }),
];

describe('DevotionalsAdminPage', () => {
  let api: MockAdapter;
  beforeEach(() => {
    api = new MockAdapter(http);
    api.onGet('/api/admin/devotionals/tags').reply(200, {
      data: [
        { tag: 'Faith', count: 12 },
        { tag: 'Hope', count: 8 },
      ],
    });
    api.onGet('/api/admin/devotionals').reply((config) => {
      const params = (config.params ?? {}) as Record<string, string | number>;
      if (params.offset === 3) return [200, { data: { items: [item(4, { title: 'An older one' })], total: 4, next: null } }];
      if (params.q === 'lamp') return [200, { data: { items: [first[2]], total: 1, next: null } }];
      if (params.tag === 'Hope') return [200, { data: { items: [first[0]], total: 1, next: null } }];
      return [200, { data: { items: first, total: 4, next: 3 } }];
    });
  });
  afterEach(() => api.restore());

  it('lists every devotional with its date, tags and state, and links each to its form and its public page', async () => {
    const user = userEvent.setup();
    await renderStaffPage('/admin/devotionals');
    expect(screen.getByRole('heading', { level: 1, name: 'Devotionals' })).toBeInTheDocument();
    const table = within(await screen.findByRole('region', { name: 'Devotionals, the latest date first' }));
    const rows = table.getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Thu 3 Dec 2099', 'Tomorrow’s word', 'Hope, Morning', 'Scheduled for Dec 3, 2099', '—Not on the site'],
      ['Fri 20 Nov 2026', 'Still a draft', 'Faith', 'Draft', '—Not on the site'],
      ['Fri 20 Nov 2026', 'The Lamp and the Path', 'Faith', 'Published', 'View The Lamp and the Path on the site'],
    ]);
    expect(table.getByRole('link', { name: 'Still a draft' })).toHaveAttribute('href', `/admin/devotionals/${first[1]._id}`);
    expect(table.getByRole('link', { name: 'View The Lamp and the Path on the site' })).toHaveAttribute(
      'href',
      '/devotional-detail/devotional-3',
    );
    expect(screen.getByRole('link', { name: 'New devotional' })).toHaveAttribute('href', '/admin/devotionals/new');
    expect(screen.getByText('3 of 4 devotionals')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await table.findByRole('link', { name: 'An older one' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('searches by title and narrows by tag', async () => {
    const user = userEvent.setup();
    await renderStaffPage('/admin/devotionals');
    await screen.findByRole('link', { name: 'Still a draft' });
    await user.type(screen.getByRole('searchbox', { name: 'Search by title' }), 'lamp');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Still a draft' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'The Lamp and the Path' })).toBeInTheDocument();
    expect(api.history.get.some((r) => (r.params as { q?: string })?.q === 'lamp')).toBe(true);

    await user.clear(screen.getByRole('searchbox', { name: 'Search by title' }));
    await screen.findByRole('link', { name: 'Still a draft' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tag' }), 'Hope');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Still a draft' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Tomorrow’s word' })).toBeInTheDocument();
  });
});
