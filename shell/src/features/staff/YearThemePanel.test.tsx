import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { axiosInstance as http } from '@ministry/shared/api/http';
import { renderWithProviders } from '@ministry/shared/testing';
import { YearThemePanel } from './YearThemePanel';

const themes = [{ year: 2025, title: 'The Year of the Luminaries', verse: 'Arise, shine. — Isaiah 60:1' }];

describe('YearThemePanel (on /admin)', () => {
  let api: MockAdapter;
  beforeEach(() => (api = new MockAdapter(http)));
  afterEach(() => api.restore());

  it('says this year has no theme yet, and sets it: the year and the words go to the API, and the list shows it', async () => {
    api.onGet('/api/admin/year-themes').replyOnce(200, { data: themes, currentYear: 2026 });
    api.onPut('/api/admin/year-themes/2026').reply(200, { data: { year: 2026, title: 'The Year of Open Doors', verse: '' } });
    api
      .onGet('/api/admin/year-themes')
      .reply(200, { data: [{ year: 2026, title: 'The Year of Open Doors', verse: '' }, ...themes], currentYear: 2026 });
    renderWithProviders(<YearThemePanel />);
    expect(await screen.findByText(/2026 has no theme yet/)).toBeInTheDocument();
    const form = within(screen.getByRole('form', { name: 'Theme of a year' }));
    expect(form.getByLabelText('Year')).toHaveValue('2026');
    await userEvent.type(form.getByLabelText('Theme'), 'The Year of Open Doors');
    await userEvent.click(form.getByRole('button', { name: 'Save the theme' }));
    await waitFor(() => expect(api.history.put).toHaveLength(1));
    expect(JSON.parse(api.history.put[0]!.data)).toEqual({ title: 'The Year of Open Doors', verse: '' });
    const list = within(await screen.findByRole('list', { name: 'Themes of the years' }));
    expect(await list.findByText('2026: The Year of Open Doors')).toBeInTheDocument();
    expect(screen.queryByText(/2026 has no theme yet/)).not.toBeInTheDocument();
  });

  it('refuses an empty theme and a year that is not one under their fields, without calling the API; choosing a year shows its theme', async () => {
    api.onGet('/api/admin/year-themes').reply(200, { data: themes, currentYear: 2026 });
    renderWithProviders(<YearThemePanel />);
    const form = within(await screen.findByRole('form', { name: 'Theme of a year' }));
    await userEvent.clear(form.getByLabelText('Year'));
    await userEvent.type(form.getByLabelText('Year'), '26');
    await userEvent.click(form.getByRole('button', { name: 'Save the theme' }));
    expect(form.getByText('Give a year such as 2026')).toBeInTheDocument();
    expect(form.getByText('Write the theme of the year')).toBeInTheDocument();
    expect(api.history.put).toHaveLength(0);

    await userEvent.clear(form.getByLabelText('Year'));
    await userEvent.type(form.getByLabelText('Year'), '2025');
    expect(form.getByLabelText('Theme')).toHaveValue('The Year of the Luminaries');
    expect(form.getByLabelText('Verse (optional)')).toHaveValue('Arise, shine. — Isaiah 60:1');
  });

  it("removes a year's theme after asking", async () => {
    api.onGet('/api/admin/year-themes').replyOnce(200, { data: themes, currentYear: 2026 });
    api.onDelete('/api/admin/year-themes/2025').reply(204);
    api.onGet('/api/admin/year-themes').reply(200, { data: [], currentYear: 2026 });
    renderWithProviders(<YearThemePanel />);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove the theme of 2025' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Remove the theme of 2025?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Yes, remove it' }));
    await waitFor(() => expect(api.history.delete).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('2025: The Year of the Luminaries')).not.toBeInTheDocument());
  });
});
