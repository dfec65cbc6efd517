import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { axiosInstance as http } from '@ministry/shared/api/http';
import { renderWithProviders } from '@ministry/shared/testing';
import type { VisitList } from '@ministry/shared/types';
import { VisitsStaffPage } from './VisitsStaffPage';

const list: VisitList = {
  pending: 2,
  groups: [
    {
      locationId: 'c1',
      church_name: 'Harbor Light Church',
      at: '2031-03-02T15:30:00.000Z',
      serviceName: 'Second Service',
      language: 'English',
      begun: false,
      adults: 3,
      children: 3,
      childrenAges: [2, 4, 9],
      came: 0,
      visits: [
        {
          _id: 'v1',
          name: 'Naomi',
          email: 'naomi@example.org',
          adults: 2,
          childrenAges: [9, 4],
          question: 'Is there a room for babies?',
          came: null,
          confirmedAt: '2031-02-26T14:00:00.000Z',
        },
        {
          _id: 'v2',
          name: 'Boaz',
          email: 'boaz@example.org',
          adults: 1,
          childrenAges: [2],
          question: null,
          came: null,
          confirmedAt: '2031-02-26T15:00:00.000Z',
        },
      ],
    },
  ],
};

describe('VisitsStaffPage', () => {
  it('lists the visits by service with their counts and ages, marks who came and removes a visit', async () => {
    const api = new MockAdapter(http);
    api.onGet('/api/admin/visits').reply(200, { data: list });
    api.onPut('/api/admin/visits/v1').reply(200, { data: { came: true } });
    api.onDelete('/api/admin/visits/v2').reply(200, { data: { removed: true } });
    renderWithProviders(<VisitsStaffPage />, { route: '/admin/visits' });

    const group = await screen.findByRole('region', { name: 'Sunday 2 March, 10:30 AM · Second Service' });
    expect(within(group).getByText('2 visits: 3 adults and 3 children (ages 2, 4, 9)')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      '2 visits over 1 service. 2 more wait for the guest to confirm their address.',
    );
    const naomi = screen.getByRole('row', { name: /Naomi/ });
    expect(within(naomi).getByText('9, 4')).toBeInTheDocument();
    expect(within(naomi).getByText('Is there a room for babies?')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', '/api/admin/visits.csv');

    await userEvent.click(within(naomi).getByRole('checkbox', { name: /Came/ }));
    expect(JSON.parse(String(api.history.put[0]!.data))).toEqual({ came: true });

    const boaz = screen.getByRole('row', { name: /Boaz/ });
    await userEvent.click(within(boaz).getByRole('button', { name: "Remove Boaz's visit" }));
    expect(api.history.delete).toHaveLength(0);
    await userEvent.click(within(boaz).getByRole('button', { name: "Remove Boaz's visit for good" }));
    expect(api.history.delete[0]!.url).toBe('/api/admin/visits/v2');
  }, 20_000);
});
