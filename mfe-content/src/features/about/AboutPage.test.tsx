import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { siteIdentity } from '@ministry/shared/config';
import { aboutContent } from '@ministry/shared/texts';
import { renderWithProviders } from '@ministry/shared/testing';
import { AboutPage } from './AboutPage';

const tab = (name: string) => screen.getByRole('tab', { name });
const panel = () => screen.getByRole('tabpanel');
const APOSTLE = aboutContent.apostle.tab;
const SPOUSE = aboutContent.spouse.tab;
const MINISTRIES = aboutContent.ministries.tab;

describe('AboutPage', () => {
  it('opens on the apostle: biography, history, books and songs links, and twelve numbered beliefs', () => {
    renderWithProviders(<AboutPage />, { route: '/about' });
    expect(tab(APOSTLE)).toHaveAttribute('aria-selected', 'true');
    const p = within(panel());
    expect(p.getByRole('heading', { level: 2, name: aboutContent.apostle.name })).toBeInTheDocument();
    expect(p.getByRole('heading', { name: 'Biography' })).toBeInTheDocument();
    expect(p.getByRole('heading', { name: 'History and ministry' })).toBeInTheDocument();
    expect(p.getByRole('link', { name: /list of books/ })).toHaveAttribute('href', siteIdentity.links.books);
    expect(p.getByRole('link', { name: /songs/ })).toHaveAttribute('href', siteIdentity.links.songs);
    for (const link of p.getAllByRole('link')) expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    const beliefs = p.getByRole('list', { name: 'Our twelve beliefs' });
    expect(beliefs.tagName).toBe('OL');
    expect(within(beliefs).getAllByRole('listitem')).toHaveLength(12);
  });

  it('states the figures: more than 500,000 members, born in the birth place, ten books, over 80 songs', () => {
    renderWithProviders(<AboutPage />, { route: '/about' });
    expect(screen.getByText(aboutContent.intro)).toHaveTextContent('more than 500,000 members');
    const figures = within(screen.getByRole('list', { name: 'The ministry in figures' }));
    expect(figures.getByText('500,000+')).toBeInTheDocument();
    expect(figures.getByText('10')).toBeInTheDocument();
    expect(figures.getByText('80+')).toBeInTheDocument();
    expect(within(panel()).getByText(new RegExp(`born in ${siteIdentity.apostle.birthPlace}`))).toBeInTheDocument();
    expect(within(panel()).getByText(/ten books and over 80 songs/)).toBeInTheDocument();
  });

  it('reaches every tab from every other, by click', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AboutPage />, { route: '/about' });
    const expectations: Record<string, () => void> = {
      [APOSTLE]: () => expect(within(panel()).getByRole('heading', { name: 'What we believe' })).toBeInTheDocument(),
      [SPOUSE]: () => expect(within(panel()).getByRole('heading', { name: 'Goals' })).toBeInTheDocument(),
      [MINISTRIES]: () => {
        expect(within(panel()).getByRole('heading', { name: 'Our vision' })).toBeInTheDocument();
        expect(
          within(within(panel()).getByRole('list', { name: 'Our mission in six points' })).getAllByRole('listitem'),
        ).toHaveLength(6);
      },
    };
    const order = [SPOUSE, MINISTRIES, APOSTLE, MINISTRIES, SPOUSE, APOSTLE];
    for (const name of order) {
      await user.click(tab(name));
      expect(tab(name)).toHaveAttribute('aria-selected', 'true');
      expect(screen.getAllByRole('tab', { selected: true })).toHaveLength(1);
      expectations[name]();
    }
  });

  it('moves between tabs with the arrow keys, wrapping around', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AboutPage />, { route: '/about' });
    tab(APOSTLE).focus();
    await user.keyboard('{ArrowLeft}');
    expect(tab(MINISTRIES)).toHaveAttribute('aria-selected', 'true');
    expect(tab(MINISTRIES)).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(tab(APOSTLE)).toHaveAttribute('aria-selected', 'true');
  });

  it('opens on the tab named in the address, e.g. /about?tab=spouse', () => {
    renderWithProviders(<AboutPage />, { route: '/about?tab=spouse' });
    expect(tab(SPOUSE)).toHaveAttribute('aria-selected', 'true');
    expect(within(panel()).getByText(aboutContent.spouse.goals[0])).toBeInTheDocument();
  });
});
