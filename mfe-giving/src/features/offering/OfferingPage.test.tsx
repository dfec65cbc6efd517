import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@ministry/shared/testing';
import { OfferingPage } from './OfferingPage';

describe('OfferingPage', () => {
  const scrollIntoView = jest.fn();
  beforeEach(() => {
    scrollIntoView.mockClear();
    Element.prototype.scrollIntoView = scrollIntoView;
  });

  const card = (name: string) => screen.getByRole('button', { name: new RegExp(`^\\S+.*${name}`) });
  const donate = () => screen.getByRole('link', { name: /^Donate/ });

  it("shows 'Donate & Help', the four giving types and 'How can you help?', with Offering chosen by default", () => {
    renderWithProviders(<OfferingPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Donate & Help' })).toBeInTheDocument();
    for (const name of ['Offering', 'Tithing', 'Charitable', 'Generous']) {
      expect(screen.getByRole('heading', { level: 3, name })).toBeInTheDocument();
    }
    expect(screen.getByRole('heading', { name: 'How can you help?' })).toBeInTheDocument();
    expect(card('Offering')).toHaveAttribute('aria-pressed', 'true');
    expect(card('Tithing')).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('Offering — Any amount, once, weekly or monthly')).toBeInTheDocument();
    expect(donate()).toHaveAttribute('href', '/pay/donate/offering?frequency=once');
    expect(donate()).toHaveAttribute('target', '_blank');
    expect(donate()).toHaveAttribute('rel', expect.stringContaining('noopener'));
    // Every type may repeat: an offering too, weekly or monthly.
    expect(screen.getByRole('radio', { name: 'One-time' })).toBeChecked();
  });

  it('shows the recurring amounts of spec section 9 on the cards, as suggestions', () => {
    renderWithProviders(<OfferingPage />);
    expect(within(card('Charitable')).getByText('Any amount; suggested $20 weekly · $100 monthly')).toBeInTheDocument();
    expect(within(card('Generous')).getByText('Any amount; suggested $100 weekly · $250 monthly')).toBeInTheDocument();
    expect(within(card('Tithing')).getByText('Any amount, once, weekly or monthly')).toBeInTheDocument();
  });

  it('choosing a card sets the type and scrolls to the checkout area', async () => {
    renderWithProviders(<OfferingPage />);
    await userEvent.click(card('Charitable'));
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView.mock.contexts[0]).toBe(screen.getByTestId('checkout-area'));
    expect(card('Charitable')).toHaveAttribute('aria-pressed', 'true');
    expect(card('Offering')).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('Charitable — Any amount; suggested $20 weekly · $100 monthly')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'How can you help?' })).toHaveFocus();
    expect(donate()).toHaveAttribute('href', '/pay/donate/charitable?frequency=once');

    await userEvent.click(screen.getByRole('radio', { name: '$20 weekly' }));
    expect(donate()).toHaveAttribute('href', '/pay/donate/charitable?frequency=weekly');
    await userEvent.click(screen.getByRole('radio', { name: '$100 monthly' }));
    expect(donate()).toHaveAttribute('href', '/pay/donate/charitable?frequency=monthly');

    // Another type starts again from one-time.
    await userEvent.click(card('Generous'));
    expect(scrollIntoView).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('radio', { name: 'One-time' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '$250 monthly' })).not.toBeChecked();
    expect(donate()).toHaveAttribute('href', '/pay/donate/generous?frequency=once');

    await userEvent.click(card('Tithing'));
    expect(screen.getByText('Tithing — Any amount, once, weekly or monthly')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Monthly' }));
    expect(donate()).toHaveAttribute('href', '/pay/donate/tithing?frequency=monthly');
  });
});
