import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@ministry/shared/testing';
import { locations } from '../../testing/fixtures';
import { mockCommunityApi } from '../../testing/mockCommunityApi';
import { LocationList } from './LocationList';

const card = (name: string) => screen.getByRole('article', { name });

describe('LocationList', () => {
  beforeEach(() => {
    mockCommunityApi();
  });

  it('opens with "Plan a visit": what to expect, children, getting there', async () => {
    renderWithProviders(<LocationList />);
    expect(screen.getByRole('heading', { name: 'Plan a visit' })).toBeInTheDocument();
    expect(screen.getByText('What to expect')).toBeInTheDocument();
    expect(screen.getByText('Children')).toBeInTheDocument();
    expect(await screen.findByText('Harbor Light Church')).toBeInTheDocument();
  });

  it("shows each church's service times by day, with the language when it is not English, and its parking", async () => {
    renderWithProviders(<LocationList />);
    await screen.findByText('Harbor Light Church');
    const harbor = within(card('Harbor Light Church'));
    const services = harbor.getAllByRole('listitem').map((li) => li.textContent);
    expect(services).toEqual([
      'Sunday 8:00 AMFirst Service',
      'Sunday 1:00 PMServicio en español · Spanish',
      'Wednesday 7:00 PMBible Study and Prayer',
    ]);
    expect(harbor.getByText('Free parking behind the church.')).toBeInTheDocument();
    // A church without services or parking shows neither heading.
    const riverside = within(card('Riverside Church'));
    expect(riverside.queryByText('Service times')).not.toBeInTheDocument();
    expect(riverside.queryByText('Parking')).not.toBeInTheDocument();
  });

  it('offers to plan a visit, from the top and from each church with that church chosen', async () => {
    renderWithProviders(<LocationList />);
    expect(screen.getByRole('link', { name: 'Tell us you are coming' })).toHaveAttribute('href', '/visit');
    await screen.findByText('Harbor Light Church');
    const harbor = locations.find((l) => l.church_name === 'Harbor Light Church')!;
    expect(
      within(card('Harbor Light Church')).getByRole('link', { name: 'Plan a visit to Harbor Light Church' }),
    ).toHaveAttribute('href', `/visit?location=${harbor._id}`);
  });

  it('loads no map until the visitor asks for it', async () => {
    const { container } = renderWithProviders(<LocationList />);
    await screen.findByText('Harbor Light Church');
    expect(container.querySelector('iframe')).toBeNull();
    expect(within(card('Riverside Church')).queryByRole('button', { name: 'Show the map' })).not.toBeInTheDocument();
    await userEvent.click(within(card('Harbor Light Church')).getByRole('button', { name: 'Show the map' }));
    const map = screen.getByTitle('Map of Harbor Light Church');
    expect(map).toHaveAttribute(
      'src',
      expect.stringMatching(/^https:\/\/www\.openstreetmap\.org\/export\/embed\.html\?bbox=.*&marker=39\.7391,-75\.5398$/),
    );
    expect(within(card('Harbor Light Church')).getByRole('link', { name: /Open in a map/ })).toHaveAttribute(
      'href',
      expect.stringContaining(encodeURIComponent('12 Harbor Street')),
    );
  });

  it("scrolls to and outlines the church the address names (an event's page links to its church's card)", async () => {
    const scrolled: Element[] = [];
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    try {
      const harborId = locations.find((c) => c.church_name === 'Harbor Light Church')!._id;
      renderWithProviders(<LocationList />, { route: `/community?tab=location#church-${harborId}` });
      await screen.findByText('Harbor Light Church');
      expect(scrolled).toEqual([card('Harbor Light Church')]);
      expect(card('Harbor Light Church')).toHaveAttribute('aria-current', 'true');
      expect(card('Riverside Church')).not.toHaveAttribute('aria-current');
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });
});
