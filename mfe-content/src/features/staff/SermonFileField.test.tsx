import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { axiosInstance as http } from '@ministry/shared/api/http';
import type { StaffMedia } from '@ministry/shared/types';
import { renderWithProviders } from '@ministry/shared/testing';
import { SermonFileField } from './SermonFileField';

const NAME = '0123456789abcdef01234567.mp3';
const PART = 4;

function Field({ onChange }: { onChange: (file: StaffMedia | null) => void }) {
  const [value, setValue] = useState<StaffMedia | null>(null);
  return (
    <SermonFileField
      kind="audio"
      label="Audio (MP3 or M4A)"
      value={value}
      onChange={(file) => {
        setValue(file);
        onChange(file);
      }}
    />
  );
}

const state = (received: number, file: StaffMedia | null = null) => ({
  data: { _id: NAME, kind: 'audio', fileName: 'sunday.mp3', size: 10, received, partBytes: PART, file },
});

describe('SermonFileField', () => {
  let api: MockAdapter;
  beforeEach(() => (api = new MockAdapter(http)));
  afterEach(() => api.restore());

  it('uploads the file in parts, each from where the last ended, sends a lost part again, and shows the file once it is in', async () => {
    const done: StaffMedia = { src: `/media/uploads/${NAME}`, type: 'audio/mpeg', bytes: 10, seconds: 125 };
    api.onPost('/api/admin/sermons/media', { kind: 'audio', fileName: 'sunday.mp3', size: 10 }).reply(201, state(0));
    const offsets: number[] = [];
    let lost = false;
    api.onPut(`/api/admin/sermons/media/${NAME}`).reply((config) => {
      const offset = Number(config.params.offset);
      offsets.push(offset);
      // The connection drops once, on the second part.
      if (offset === 4 && !lost) {
        lost = true;
        return [0];
      }
      const received = Math.min(offset + PART, 10);
      return [200, state(received, received === 10 ? done : null)];
    });
    api.onGet(`/api/admin/sermons/media/${NAME}`).reply(200, state(4));
    const onChange = jest.fn();
    renderWithProviders(<Field onChange={onChange} />);

    await userEvent.upload(
      screen.getByLabelText('Audio (MP3 or M4A)', { selector: 'input' }),
      new File(['0123456789'], 'sunday.mp3', { type: 'audio/mpeg' }),
    );
    expect(await screen.findByRole('button', { name: 'Remove' })).toBeInTheDocument();
    expect(offsets).toEqual([0, 4, 4, 8]);
    expect(onChange).toHaveBeenCalledWith(done);
    expect(screen.getByRole('link', { name: NAME })).toHaveAttribute('href', done.src);
    expect(screen.getByText(/\(1 KB, 2:05\)/)).toBeInTheDocument();
  });

  it('shows the server’s reason when the file is refused, and keeps nothing', async () => {
    api.onPost('/api/admin/sermons/media').reply(413, {
      error: {
        code: 'too_large',
        message: 'That audio file is larger than 250 MB.',
        fields: { file: 'That audio file is larger than 250 MB.' },
      },
    });
    const onChange = jest.fn();
    renderWithProviders(<Field onChange={onChange} />);
    await userEvent.upload(
      screen.getByLabelText('Audio (MP3 or M4A)', { selector: 'input' }),
      new File(['x'], 'long.mp3', { type: 'audio/mpeg' }),
    );
    expect(await screen.findByText('That audio file is larger than 250 MB.')).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Audio (MP3 or M4A)', { selector: 'input' })).toHaveAttribute('aria-invalid', 'true');
  });
});
