import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { axiosInstance as http } from '@ministry/shared/api/http';
import type { Sermon, SermonSummary } from '@ministry/shared/types';
import { renderWithProviders } from '@ministry/shared/testing';
import ContentRoutes from '../../routes';

const speaker = { _id: 's1', name: 'Pastor Grace Adeyemi', role: 'Pastor', photo: '' };
const summary = (n: number): SermonSummary => ({
  _id: `00000000-0000-4000-8000-00000000000${n}`,
  slug: `sermon-${n}`,
  title: `Sermon ${n}`,
  date: `2026-03-0${n}`,
  speaker,
  series: { _id: 'series-1', slug: 'love-never-fails', title: 'Love Never Fails' },
  passages: [{ reference: '1 Corinthians 13:4–7', book: '1 Corinthians', bookSlug: '1-corinthians' }],
  summary: 'Love is patient.',
  image: '',
  audio: { src: `/media/uploads/${n}.mp3`, type: 'audio/mpeg', bytes: 2_400_000, seconds: 2280 },
  hasVideo: false,
  hasTranscript: true,
  publishedAt: '2026-03-01T18:00:00.000Z',
});

const sermon: Sermon = {
  ...summary(1),
  hasVideo: true,
  notes: '<p>Paul wrote to a divided church.</p><img src=x onerror="window.hacked=1">',
  video: {
    kind: 'youtube',
    src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0',
    pageUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    type: null,
    bytes: null,
  },
  transcriptSrc: '/media/uploads/1.vtt',
  transcript: [
    { start: 0, end: 3.2, text: 'Love is patient, love is kind.' },
    { start: 3.2, end: 7.5, text: 'It does not envy, it does not boast.' },
    { start: 7.5, end: 9, text: 'Love never fails.' },
  ],
  chapters: [{ start: 3, title: 'The portrait of love' }],
  seriesSermons: [summary(2)],
};

describe('SermonPage', () => {
  let api: MockAdapter;
  let play: jest.SpyInstance;
  beforeEach(() => {
    api = new MockAdapter(http);
    api.onGet('/api/sermons/sermon-1').reply(200, { data: sermon });
    api.onGet('/api/sermons/missing').reply(404, { error: { code: 'not_found', message: 'That sermon was not found.' } });
    // jsdom plays nothing: pressing play is what is checked.
    play = jest.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  });
  afterEach(() => {
    api.restore();
    play.mockRestore();
  });

  it('seeks the audio to the transcript line pressed, and marks the line being heard', async () => {
    renderWithProviders(<ContentRoutes />, { route: '/sermons/sermon-1' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sermon 1' })).toBeInTheDocument();
    const audio = document.querySelector('audio')!;
    expect(audio).toHaveAttribute('src', '/media/uploads/1.mp3');

    const lines = within(screen.getByRole('list', { name: 'Transcript lines' }));
    await userEvent.click(lines.getByRole('button', { name: /It does not envy/ }));
    expect(audio.currentTime).toBe(3.2);
    expect(play).toHaveBeenCalled();
    expect(lines.getByRole('button', { name: /It does not envy/ })).toHaveAttribute('aria-current', 'true');

    // As the recording plays on, the mark follows it.
    act(() => {
      audio.currentTime = 8;
      fireEvent.timeUpdate(audio);
    });
    expect(lines.getByRole('button', { name: /Love never fails/ })).toHaveAttribute('aria-current', 'true');
    expect(lines.getByRole('button', { name: /It does not envy/ })).not.toHaveAttribute('aria-current');

    await userEvent.click(screen.getByRole('button', { name: /The portrait of love/ }));
    expect(audio.currentTime).toBe(3);
  });

  it('loads the YouTube player only when the visitor presses play, privacy-enhanced', async () => {
    renderWithProviders(<ContentRoutes />, { route: '/sermons/sermon-1' });
    await screen.findByRole('heading', { level: 1, name: 'Sermon 1' });
    expect(document.querySelector('iframe')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /Play the video/ }));
    expect(document.querySelector('iframe')).toHaveAttribute('src', sermon.video!.src);
    expect(document.querySelector('iframe')!.getAttribute('src')).toMatch(/^https:\/\/www\.youtube-nocookie\.com\//);
  });

  it('shows the notes cleaned, the downloads, the series and the share buttons', async () => {
    renderWithProviders(<ContentRoutes />, { route: '/sermons/sermon-1' });
    await screen.findByText('Paul wrote to a divided church.');
    expect(document.querySelector('img[onerror]')).toBeNull();
    expect(screen.getByRole('link', { name: 'Download the audio (MP3, 2.3 MB)' })).toHaveAttribute(
      'href',
      '/media/uploads/1.mp3',
    );
    expect(screen.getByRole('link', { name: 'Transcript (WebVTT)' })).toHaveAttribute('href', '/media/uploads/1.vtt');
    expect(screen.getByRole('link', { name: 'Sermons on 1 Corinthians 13:4–7' })).toHaveAttribute(
      'href',
      '/sermons?passage=1%20Corinthians%2013%3A4%E2%80%937',
    );
    const series = within(screen.getByRole('complementary', { name: /In the series/ }));
    expect(series.getByRole('link', { name: 'Sermon 2' })).toHaveAttribute('href', '/sermons/sermon-2');
    expect(screen.getByRole('group', { name: 'Share this sermon' })).toBeInTheDocument();
  });

  it('says so when there is no such sermon', async () => {
    renderWithProviders(<ContentRoutes />, { route: '/sermons/missing' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sermon not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All sermons' })).toHaveAttribute('href', '/sermons');
  });
});
