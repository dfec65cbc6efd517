import { screen, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { axiosInstance as http } from '@ministry/shared/api/http';
import { renderWithProviders } from '@ministry/shared/testing';
import type { PressRelease } from '@ministry/shared/types';
import { PressPage, pressLayoutAt } from './PressPage';

/** A list as the first and only page of the API's answer. */
const onePage = <T,>(data: T[]) => ({ data, paging: { page: 1, pageSize: 12, total: data.length, pages: 1 } });

const releases: PressRelease[] = Array.from({ length: 7 }, (_, i) => ({
  _id: `p${i}`,
  title: `Release ${i + 1}`,
  description: `Description of release ${i + 1}.`,
  photo: `/media/press-${(i % 6) + 1}.svg`,
  createdAt: `2026-0${(i % 9) + 1}-15T12:00:00.000Z`,
}));

/** The page with the address it is at, to see what opening and closing a release does to it. */
function PressWithAddress() {
  const { search } = useLocation();
  return (
    <>
      <PressPage />
      <output data-testid="address">{search}</output>
    </>
  );
}

describe('PressPage', () => {
  let api: MockAdapter;
  beforeEach(() => (api = new MockAdapter(http)));
  afterEach(() => api.restore());

  it('cycles three layouts by position', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(pressLayoutAt)).toEqual([
      'wide',
      'photo-left',
      'photo-right',
      'wide',
      'photo-left',
      'photo-right',
      'wide',
    ]);
  });

  it('shows each release with title, date, description, photo and Read More, in the three layouts in turn', async () => {
    api.onGet('/api/pressrelease').reply(200, onePage(releases));
    renderWithProviders(<PressPage />, { route: '/press' });
    expect(screen.getByRole('heading', { level: 1, name: 'Press releases' })).toBeInTheDocument();
    const articles = await screen.findAllByRole('article');
    expect(articles).toHaveLength(7);
    expect(articles.map((a) => a.getAttribute('data-layout'))).toEqual([
      'wide',
      'photo-left',
      'photo-right',
      'wide',
      'photo-left',
      'photo-right',
      'wide',
    ]);
    const first = within(articles[0]);
    expect(first.getByRole('heading', { name: 'Release 1' })).toBeInTheDocument();
    expect(first.getByText('Description of release 1.')).toBeInTheDocument();
    expect(first.getByText('15 January 2026')).toBeInTheDocument();
    expect(articles[0].querySelector('img')).toHaveAttribute('src', '/media/press-1.svg');
    for (const a of articles) expect(within(a).getByRole('button', { name: /^Read More/ })).toBeInTheDocument();
  });

  it("/press?release={id} (the home page's Latest News links) opens that release", async () => {
    api.onGet('/api/pressrelease').reply(200, onePage(releases));
    const user = userEvent.setup();
    renderWithProviders(<PressPage />, { route: '/press?release=p3' });
    const dialog = await screen.findByRole('dialog', { name: 'Release 4' });
    expect(within(dialog).getByText('Description of release 4.')).toBeInTheDocument();
    await user.click(within(dialog).getAllByRole('button', { name: /Close/ })[0]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Read More opens the release in a dialog that closes again', async () => {
    api.onGet('/api/pressrelease').reply(200, onePage(releases));
    const user = userEvent.setup();
    renderWithProviders(<PressPage />, { route: '/press' });
    await user.click(await screen.findByRole('button', { name: 'Read More: Release 2' }));
    const dialog = screen.getByRole('dialog', { name: 'Release 2' });
    expect(within(dialog).getByText('Description of release 2.')).toBeInTheDocument();
    await user.click(within(dialog).getAllByRole('button', { name: /Close/ })[0]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opening a release puts it in the address, with share buttons for that address; closing takes it out', async () => {
    api.onGet('/api/pressrelease').reply(200, onePage(releases));
    const user = userEvent.setup();
    renderWithProviders(<PressWithAddress />, { route: '/press' });
    await user.click(await screen.findByRole('button', { name: 'Read More: Release 2' }));
    expect(screen.getByTestId('address')).toHaveTextContent('?release=p1');
    const dialog = screen.getByRole('dialog', { name: 'Release 2' });
    const share = within(dialog).getByRole('group', { name: 'Share this press release' });
    expect(
      within(share)
        .getByRole('link', { name: /Share on Facebook/ })
        .getAttribute('href'),
    ).toContain(encodeURIComponent('/press?release=p1'));
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('address')).toBeEmptyDOMElement();
  });

  it('says so when there are no press releases', async () => {
    api.onGet('/api/pressrelease').reply(200, onePage([]));
    renderWithProviders(<PressPage />, { route: '/press' });
    expect(await screen.findByText('There are no press releases yet.')).toBeInTheDocument();
  });

  it('offers a retry when loading fails, and recovers', async () => {
    api.onGet('/api/pressrelease').replyOnce(500, { error: { code: 'internal', message: 'x' } });
    api.onGet('/api/pressrelease').reply(200, onePage(releases.slice(0, 2)));
    const user = userEvent.setup();
    renderWithProviders(<PressPage />, { route: '/press' });
    expect(await screen.findByRole('alert')).toHaveTextContent("couldn't load the press releases");
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByRole('article')).toHaveLength(2);
  });

  it('shows the page the address asks for, with page links that are real addresses, and opens an old release by its id', async () => {
    const old: PressRelease = { ...releases[0]!, _id: 'p-old', title: 'An old release' };
    api
      .onGet('/api/pressrelease', { params: { page: 3 } })
      .reply(200, { data: releases.slice(0, 2), paging: { page: 3, pageSize: 12, total: 26, pages: 3 } });
    api.onGet('/api/pressrelease/p-old').reply(200, { data: old });
    renderWithProviders(<PressPage />, { route: '/press?page=3&release=p-old' });
    expect(await screen.findAllByRole('article')).toHaveLength(2);
    const nav = screen.getByRole('navigation', { name: 'Pages of press releases' });
    expect(within(nav).getByRole('link', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/press?page=2');
    expect(within(nav).getByRole('link', { name: 'Page 1' })).toHaveAttribute('href', '/press');
    expect(await screen.findByRole('dialog', { name: 'An old release' })).toBeInTheDocument();
  });
});
