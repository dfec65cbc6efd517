import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@ministry/shared/testing';
import { RemoteModule } from './RemoteModule';
import { forgetRemote, loadRemoteModule } from './remoteLoader';

jest.mock('./remoteLoader', () => ({
  loadRemoteModule: jest.fn(),
  forgetRemote: jest.fn(),
}));

const load = loadRemoteModule as jest.Mock;

describe('RemoteModule', () => {
  beforeEach(() => {
    load.mockReset();
    jest.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('shows the remote once it loads', async () => {
    load.mockResolvedValue({ default: () => <p>Remote page</p> });
    renderWithProviders(<RemoteModule remote="mfe_giving" expose="routes" />);
    expect(await screen.findByText('Remote page')).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith('mfe_giving', 'routes');
  });

  it('shows a fallback with Retry when the remote is down, and recovers on retry', async () => {
    load.mockRejectedValueOnce(new Error('remoteEntry unreachable'));
    load.mockResolvedValue({ default: () => <p>Back again</p> });
    renderWithProviders(<RemoteModule remote="mfe_community" expose="LatestStories" />);
    expect(await screen.findByRole('alert')).toHaveTextContent("couldn't load the community section");
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Back again')).toBeInTheDocument();
    expect(forgetRemote).toHaveBeenCalledWith('mfe_community');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('passes its props to the remote component', async () => {
    load.mockResolvedValue({ default: ({ part }: { part: string }) => <p>part {part}</p> });
    renderWithProviders(<RemoteModule remote="mfe_content" expose="HomeSections" props={{ part: 'bottom' }} />);
    expect(await screen.findByText('part bottom')).toBeInTheDocument();
  });
});
