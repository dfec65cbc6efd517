import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { axiosInstance as http } from '@ministry/shared/api/http';
import { siteIdentity } from '@ministry/shared/config';
import { privacyPolicy } from '@ministry/shared/texts';
import { renderWithProviders } from '@ministry/shared/testing';
import { Footer } from './Footer';

describe('Footer', () => {
  let api: MockAdapter;
  beforeEach(() => {
    api = new MockAdapter(http);
  });
  afterEach(() => api.restore());

  it('shows quick links, contact, legal links to their sections of /policies, social links and the copyright', () => {
    renderWithProviders(<Footer />);
    const quick = within(screen.getByRole('navigation', { name: 'Quick links' }));
    expect(quick.getByRole('link', { name: 'Donations' })).toHaveAttribute('href', '/offering');
    expect(quick.getByRole('link', { name: 'Calendar' })).toHaveAttribute('href', '/calendar');
    expect(quick.getByRole('link', { name: 'Press' })).toHaveAttribute('href', '/news');
    const legal = within(screen.getByRole('navigation', { name: 'Legal' }));
    // Each jumps to its own section: anchors PoliciesPage gives the sections of these titles.
    const sections = {
      Terms: 'Conditions of use',
      'Privacy Policy': 'Privacy policy',
      'Cookie Policy': 'Our Cookie Policy',
      'Personal Info': 'User Data We Collect',
    };
    for (const [name, title] of Object.entries(sections)) {
      expect(privacyPolicy.sections.some((s) => s.title === title)).toBe(true);
      const anchor = title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
      expect(legal.getByRole('link', { name })).toHaveAttribute('href', `/policies#${anchor}`);
    }
    expect(screen.getByText(siteIdentity.contact.address)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: siteIdentity.contact.email })).toHaveAttribute(
      'href',
      `mailto:${siteIdentity.contact.email}`,
    );
    expect(screen.getByRole('link', { name: /Facebook/ })).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(screen.getByText(/© \d{4} /)).toBeInTheDocument();
  });

  it("the copyright is the current year on the ministry's clock", () => {
    jest.useFakeTimers({ now: new Date('2031-06-01T12:00:00Z'), doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      renderWithProviders(<Footer />);
      expect(screen.getByText(`© 2031 ${siteIdentity.ministryName}. All rights reserved.`)).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('the newsletter box refuses a bad e-mail under the field, without calling the API', async () => {
    renderWithProviders(<Footer />);
    await userEvent.type(await screen.findByLabelText('Your e-mail address'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Invalid email')).toBeInTheDocument();
    expect(api.history.post).toHaveLength(0);
  });

  it('the newsletter box subscribes, asks to confirm in a toast and clears the field', async () => {
    api
      .onPost('/api/newsletter')
      .reply(200, { data: { email: 'joy@example.org', message: 'Check your inbox to confirm your subscription.' } });
    renderWithProviders(<Footer />);
    const input = await screen.findByLabelText('Your e-mail address');
    await userEvent.type(input, 'joy@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText(/check your inbox to confirm/i)).toBeInTheDocument();
    expect(JSON.parse(api.history.post[0].data)).toEqual({ email: 'joy@example.org' });
    await waitFor(() => expect(input).toHaveValue(''));
  });

  it('keeps what was typed and says so when the server cannot be reached', async () => {
    api.onPost('/api/newsletter').networkError();
    renderWithProviders(<Footer />);
    const input = await screen.findByLabelText('Your e-mail address');
    await userEvent.type(input, 'joy@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText(/could not reach the server/i)).toBeInTheDocument();
    expect(input).toHaveValue('joy@example.org');
  });
});
