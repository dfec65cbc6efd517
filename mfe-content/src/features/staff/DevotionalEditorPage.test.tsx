import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { axiosInstance as http } from '@ministry/shared/api/http';
import type { StaffDevotional } from '@ministry/shared/types';
import { renderStaffPage } from '../../testing/staff';

// The rich-text editor is tested on its own (RichTextEditor.test.tsx); here a text box stands for it.
jest.mock('./RichTextEditor', () => ({
  __esModule: true,
  default: ({ value, onChange, labelId }: { value: string; onChange: (html: string) => void; labelId: string }) => (
    <textarea aria-labelledby={labelId} value={value} onChange={(e) => onChange(e.target.value)} />
  ),
}));

const PHOTO = '/media/uploads/img-0b6f4c1e-93f5-4d7b-9c1a-2f7e6b0c9d11-1200x800.jpg';
const ID = '5a0e3c1e-93f5-4d7b-9c1a-2f7e6b0c9d11';

const saved = (overrides: Partial<StaffDevotional> = {}): StaffDevotional => ({
  _id: ID,
  slug: 'still-waters',
  title: 'Still waters',
  date: '2099-12-03',
  verses: 'Psalm 23:1-4',
  tags: ['Hope', 'Quiet time'],
  image: PHOTO,
  detail: '<p>He leadeth me beside the still waters.</p>',
  status: 'draft',
  state: 'draft',
  slugLocked: false,
  publishAt: '2099-12-03T05:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

describe('DevotionalEditorPage', () => {
  let api: MockAdapter;
  beforeEach(() => {
    api = new MockAdapter(http);
    api.onGet('/api/admin/devotionals/tags').reply(200, {
      data: [
        { tag: 'Faith', count: 12 },
        { tag: 'Hope', count: 8 },
      ],
    });
  });
  afterEach(() => api.restore());

  it("starts on the dashboard's day, and says under each field what is missing before sending anything", async () => {
    const user = userEvent.setup();
    await renderStaffPage('/admin/devotionals/new?date=2099-12-03');
    expect(await screen.findByRole('heading', { level: 1, name: 'New devotional' })).toBeInTheDocument();
    expect(screen.getByLabelText('Date')).toHaveValue('2099-12-03');
    await user.click(screen.getByRole('button', { name: 'Save and schedule' }));
    expect(await screen.findByText('Please give a title')).toBeInTheDocument();
    expect(screen.getByText('Choose or add at least one tag')).toBeInTheDocument();
    expect(screen.getByText('Please add a photo')).toBeInTheDocument();
    expect(screen.getByText('Please write the devotional')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveFocus());
    expect(api.history.post).toHaveLength(0);
  });

  it('writes a devotional with tags old and new, a photo and a body, and schedules it for its day', async () => {
    api.onPost('/api/admin/images').reply(200, { data: { src: PHOTO, width: 1200, height: 800 } });
    api.onPost('/api/admin/devotionals').reply(201, { data: saved() });
    api.onPost(`/api/admin/devotionals/${ID}/publish`).reply(200, { data: saved({ status: 'published', state: 'scheduled' }) });
    api.onGet(`/api/admin/devotionals/${ID}`).reply(200, { data: saved({ status: 'published', state: 'scheduled' }) });
    const user = userEvent.setup();
    await renderStaffPage('/admin/devotionals/new?date=2099-12-03');

    await user.type(await screen.findByLabelText('Title'), 'Still waters');
    expect(screen.getByText(/\/devotional-detail\/still-waters \(made from the title/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Verses'), 'Psalm 23:1-4');
    await user.click(await screen.findByRole('button', { name: 'Add the tag Hope' }));
    await user.type(screen.getByLabelText('Add a tag'), 'Quiet time{Enter}');
    const chosen = within(screen.getByRole('list', { name: 'Chosen tags' }));
    expect(chosen.getAllByRole('listitem').map((li) => li.firstChild?.textContent)).toEqual(['Hope', 'Quiet time']);
    await user.upload(screen.getByLabelText('Photo'), new File(['jpeg'], 'waters.jpg', { type: 'image/jpeg' }));
    // The uploaded photo shows (at the widths it was stored at).
    await waitFor(() => expect(document.querySelector(`img[src="${PHOTO}"]`)).not.toBeNull());
    await user.type(screen.getByRole('textbox', { name: 'Devotional' }), '<p>He leadeth me beside the still waters.</p>');

    await user.click(screen.getByRole('button', { name: 'Save and schedule' }));
    expect(await screen.findByText('Scheduled: “Still waters” goes out on Dec 3, 2099.')).toBeInTheDocument();
    expect(JSON.parse(api.history.post.find((r) => r.url === '/api/admin/devotionals')!.data as string)).toEqual({
      title: 'Still waters',
      slug: '',
      date: '2099-12-03',
      verses: 'Psalm 23:1-4',
      tags: ['Hope', 'Quiet time'],
      image: PHOTO,
      detail: '<p>He leadeth me beside the still waters.</p>',
    });
    // The page is now the devotional's own address, read again from the server.
    await waitFor(() => expect(api.history.get.map((r) => r.url)).toContain(`/api/admin/devotionals/${ID}`));
    expect(await screen.findByText('Scheduled for Dec 3, 2099')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Edit: Still waters' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unpublish' })).toBeInTheDocument();
  });

  it("shows the server's reason under its field: a taken address", async () => {
    api.onGet(`/api/admin/devotionals/${ID}`).reply(200, { data: saved() });
    const message = 'Another devotional already has this address. Please choose another.';
    api.onPut(`/api/admin/devotionals/${ID}`).reply(400, { error: { code: 'bad_request', message, fields: { slug: message } } });
    const user = userEvent.setup();
    await renderStaffPage(`/admin/devotionals/${ID}`);
    const address = await screen.findByLabelText('Address');
    await user.clear(address);
    await user.type(address, 'the-lord-is-my-shepherd');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findAllByText(message)).not.toHaveLength(0);
    expect(address).toHaveAttribute('aria-invalid', 'true');
    expect(address).toHaveAccessibleDescription(expect.stringContaining(message));
  });

  it('keeps the address of a published devotional, unpublishes it, and deletes it after asking in the site’s dialog', async () => {
    const live = saved({
      status: 'published',
      state: 'published',
      slugLocked: true,
      date: '2026-11-20',
      publishAt: '2026-11-20T05:00:00.000Z',
    });
    api.onGet(`/api/admin/devotionals/${ID}`).reply(200, { data: live });
    api.onPost(`/api/admin/devotionals/${ID}/unpublish`).reply(200, { data: { ...live, status: 'draft', state: 'draft' } });
    api.onDelete(`/api/admin/devotionals/${ID}`).reply(204);
    api.onGet('/api/admin/devotionals').reply(200, { data: { items: [], total: 0, next: null } });
    const user = userEvent.setup();
    await renderStaffPage(`/admin/devotionals/${ID}`);

    const address = await screen.findByLabelText('Address');
    expect(address).toHaveAttribute('readonly');
    expect(address).toHaveAccessibleDescription(expect.stringContaining('stays the same'));
    expect(screen.getByRole('link', { name: 'View on the site' })).toHaveAttribute('href', '/devotional-detail/still-waters');

    await user.click(screen.getByRole('button', { name: 'Unpublish' }));
    expect(await screen.findByText('A draft: only the staff see it.')).toBeInTheDocument();
    expect(api.history.post.map((r) => r.url)).toEqual([`/api/admin/devotionals/${ID}/unpublish`]);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Delete this devotional?' }));
    expect(dialog.getByText(/“Still waters” will be removed/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(api.history.delete).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Delete devotional' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Devotionals' })).toBeInTheDocument();
    expect(api.history.delete.map((r) => r.url)).toEqual([`/api/admin/devotionals/${ID}`]);
  });

  it('previews the devotional as its public page shows it, with what the form holds now', async () => {
    api.onGet(`/api/admin/devotionals/${ID}`).reply(200, { data: saved() });
    const user = userEvent.setup();
    await renderStaffPage(`/admin/devotionals/${ID}`);
    const title = await screen.findByLabelText('Title');
    await user.clear(title);
    await user.type(title, 'Beside still waters');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = within(screen.getByRole('region', { name: /Preview/ }));
    expect(preview.getByRole('heading', { name: 'Beside still waters' })).toBeInTheDocument();
    expect(preview.getByText('Psalm 23:1-4')).toBeInTheDocument();
    expect(preview.getByRole('link', { name: 'More devotionals about Quiet time' })).toBeInTheDocument();
    expect(preview.getByText('He leadeth me beside the still waters.')).toBeInTheDocument();
    expect(preview.getByText('Dec 3, 2099')).toBeInTheDocument();
    await user.click(preview.getByRole('button', { name: 'Back to editing' }));
    expect(screen.getByLabelText('Title')).toHaveValue('Beside still waters');
  });

  it('says so when the devotional does not exist', async () => {
    api
      .onGet(`/api/admin/devotionals/${ID}`)
      .reply(404, { error: { code: 'not_found', message: 'That devotional was not found.' } });
    await renderStaffPage(`/admin/devotionals/${ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Devotional not found' })).toBeInTheDocument();
  });
});
