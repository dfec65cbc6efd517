import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { axiosInstance as http } from '@ministry/shared/api/http';
import { renderWithProviders } from '@ministry/shared/testing';
import type { VisitLocation } from '@ministry/shared/types';
import { VisitPage } from './VisitPage';

// Church ids are UUIDs, as the API's are (the visit's rules check the form of one).
const C1 = '6f1c1a52-0c1e-4d7a-9b1e-0a0000000001';
const C2 = '6f1c1a52-0c1e-4d7a-9b1e-0a0000000002';

const churches: VisitLocation[] = [
  {
    _id: C1,
    church_name: 'Harbor Light Church',
    adress: '1 Harbor Way, Wilmington',
    timeZone: 'America/New_York',
    services: [
      // Sunday 2 March 2031, 8:00 and 13:00 in New York.
      { at: '2031-03-02T13:00:00.000Z', name: 'First Service', language: 'English' },
      { at: '2031-03-02T18:00:00.000Z', name: 'Servicio en español', language: 'Spanish' },
    ],
  },
  {
    _id: C2,
    church_name: 'Riverside Church',
    adress: '9 River Road',
    timeZone: 'America/Chicago',
    services: [{ at: '2031-03-02T16:00:00.000Z', name: 'Morning Service', language: 'English' }],
  },
];

function mockApi() {
  const api = new MockAdapter(http);
  api.onGet('/api/visits/services').reply(200, { data: churches });
  return api;
}

describe('VisitPage', () => {
  it('preselects the church the address names and lists its coming services on its clock', async () => {
    mockApi();
    renderWithProviders(<VisitPage />, { route: `/visit?location=${C2}` });
    const church = await screen.findByLabelText('Church');
    expect(church).toHaveValue(C2);
    expect(screen.getByText('9 River Road')).toBeInTheDocument();
    const options = within(screen.getByLabelText('Service'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    // 16:00 UTC is 10:00 in Chicago.
    expect(options).toEqual(['Choose a service', 'Sunday 2 March · 10:00 AM · Morning Service']);
    await userEvent.selectOptions(church, C1);
    expect(
      within(screen.getByLabelText('Service'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Choose a service',
      'Sunday 2 March · 8:00 AM · First Service',
      'Sunday 2 March · 1:00 PM · Servicio en español (Spanish)',
    ]);
  });

  it('says what is missing before it sends anything', async () => {
    const api = mockApi();
    renderWithProviders(<VisitPage />, { route: '/visit' });
    await screen.findByLabelText('Church');
    await userEvent.selectOptions(screen.getByLabelText('Children'), '1');
    await userEvent.click(screen.getByRole('button', { name: 'Plan my visit' }));
    expect(screen.getByText('Choose the church you would like to visit.')).toBeInTheDocument();
    expect(screen.getByText('Tell us your name, so we can welcome you.')).toBeInTheDocument();
    expect(screen.getByText('Enter your e-mail address.')).toBeInTheDocument();
    expect(screen.getByText("Give each child's age, from 0 to 17 (15 children at most).")).toBeInTheDocument();
    expect(screen.getByLabelText('Church')).toHaveFocus();
    expect(api.history.post).toHaveLength(0);
  });

  it('sends the visit with each child’s age, then asks to check the inbox', async () => {
    const api = mockApi();
    api.onPost('/api/visits').reply(200, { data: { email: 'ruth@example.org', message: 'Thank you! Check your inbox.' } });
    renderWithProviders(<VisitPage />, { route: `/visit?location=${C1}` });
    await userEvent.selectOptions(await screen.findByLabelText('Service'), '2031-03-02T13:00:00.000Z');
    const adults = screen.getByLabelText('Adults (you included)');
    await userEvent.clear(adults);
    await userEvent.type(adults, '2');
    await userEvent.selectOptions(screen.getByLabelText('Children'), '2');
    await userEvent.selectOptions(screen.getByLabelText('Child 1'), '7');
    await userEvent.selectOptions(screen.getByLabelText('Child 2'), '0');
    await userEvent.type(screen.getByLabelText('Your name'), 'Ruth');
    await userEvent.type(screen.getByLabelText('E-mail address'), 'ruth@example.org');
    await userEvent.type(screen.getByLabelText('A question for us (optional)'), 'Is there parking?');
    await userEvent.click(screen.getByRole('button', { name: 'Plan my visit' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Check your inbox');
    expect(JSON.parse(String(api.history.post[0]!.data))).toEqual({
      location: C1,
      service: '2031-03-02T13:00:00.000Z',
      name: 'Ruth',
      email: 'ruth@example.org',
      adults: 2,
      childrenAges: [7, 0],
      question: 'Is there parking?',
    });
  }, 20_000);

  it("shows the server's message under its field", async () => {
    const api = mockApi();
    api.onPost('/api/visits').reply(400, {
      error: {
        code: 'bad_request',
        message: 'That service is no longer open',
        fields: { service: 'That service is no longer open for planning a visit: choose one of the coming services.' },
      },
    });
    renderWithProviders(<VisitPage />, { route: `/visit?location=${C1}` });
    await userEvent.selectOptions(await screen.findByLabelText('Service'), '2031-03-02T18:00:00.000Z');
    await userEvent.type(screen.getByLabelText('Your name'), 'Ruth');
    await userEvent.type(screen.getByLabelText('E-mail address'), 'ruth@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Plan my visit' }));
    expect(await screen.findByText(/no longer open for planning a visit/)).toBeInTheDocument();
    expect(screen.getByLabelText('Service')).toHaveAttribute('aria-invalid', 'true');
  }, 20_000);
});
