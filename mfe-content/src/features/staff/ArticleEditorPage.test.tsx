import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { axiosInstance as http } from '@ministry/shared/api/http';
import type { StaffArticle } from '@ministry/shared/types';
import { renderStaffPage } from '../../testing/staff';

const PHOTO = '/media/uploads/img-0b6f4c1e-93f5-4d7b-9c1a-2f7e6b0c9d11-1200x800.jpg';
const ID = '6b0e3c1e-93f5-4d7b-9c1a-2f7e6b0c9d11';

const article = (overrides: Partial<StaffArticle> = {}): StaffArticle => ({
  _id: ID,
  title: 'Choir wins the festival',
  description: 'The youth choir took first place.',
  photo: PHOTO,
  date: '2026-11-20',
  status: 'draft',
  state: 'draft',
  publishAt: '2026-11-20T14:00:00.000Z',
  updatedAt: '2026-11-20T14:00:00.000Z',
  ...overrides,
});

describe('ArticleEditorPage', () => {
  let api: MockAdapter;
  beforeEach(() => {
    api = new MockAdapter(http);
  });
  afterEach(() => api.restore());

  it('writes a news item and publishes it at once', async () => {
    api.onPost('/api/admin/images').reply(200, { data: { src: PHOTO, width: 1200, height: 800 } });
    api.onPost('/api/admin/news').reply(201, { data: article() });
    api.onPost(`/api/admin/news/${ID}/publish`).reply(200, { data: article({ status: 'published', state: 'published' }) });
    api.onGet(`/api/admin/news/${ID}`).reply(200, { data: article({ status: 'published', state: 'published' }) });
    const user = userEvent.setup();
    await renderStaffPage('/admin/news/new?date=2026-11-20');
    expect(await screen.findByRole('heading', { level: 1, name: 'New news item' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save and publish' }));
    expect(await screen.findByText('Please give a title')).toBeInTheDocument();
    expect(screen.getByText('Please write the text')).toBeInTheDocument();
    expect(screen.getByText('Please add a photo')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Title'), 'Choir wins the festival');
    await user.type(screen.getByLabelText('Text'), 'The youth choir took first place.');
    await user.upload(screen.getByLabelText('Photo'), new File(['jpeg'], 'choir.jpg', { type: 'image/jpeg' }));
    await waitFor(() => expect(document.querySelector(`img[src="${PHOTO}"]`)).not.toBeNull());
    await user.click(screen.getByRole('button', { name: 'Save and publish' }));
    expect(await screen.findByText('Published: “Choir wins the festival” is on the site now.')).toBeInTheDocument();
    expect(JSON.parse(api.history.post.find((r) => r.url === '/api/admin/news')!.data as string)).toEqual({
      title: 'Choir wins the festival',
      description: 'The youth choir took first place.',
      photo: PHOTO,
      date: '2026-11-20',
    });
    expect(api.history.post.map((r) => r.url)).toEqual(['/api/admin/images', '/api/admin/news', `/api/admin/news/${ID}/publish`]);
    expect(await screen.findByRole('link', { name: 'View on the site' })).toHaveAttribute('href', `/news?item=${ID}`);
  });

  it('previews a press release as the press page shows it', async () => {
    api.onGet(`/api/admin/press/${ID}`).reply(200, { data: article({ title: 'Statement on the conference' }) });
    const user = userEvent.setup();
    await renderStaffPage(`/admin/press/${ID}`);
    await user.click(await screen.findByRole('button', { name: 'Preview' }));
    const preview = within(screen.getByRole('region', { name: /Preview/ }));
    expect(preview.getByRole('heading', { name: 'Statement on the conference' })).toBeInTheDocument();
    expect(preview.getByText('20 November 2026')).toBeInTheDocument();
    expect(preview.getAllByText('The youth choir took first place.').length).toBeGreaterThan(0);
  });
});
