import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@ministry/shared/testing';
import { InstallSuggestion } from './InstallSuggestion';
import { DISMISSED_KEY, catchInstallPrompt, forgetOffer, type InstallPromptEvent } from './installPrompt';

/** What Chromium sends when the site can be installed. */
function offerInstall(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as InstallPromptEvent;
  const prompt = jest.fn(() => Promise.resolve());
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome }) });
  act(() => {
    window.dispatchEvent(event);
  });
  return { event, prompt };
}

describe('InstallSuggestion', () => {
  beforeAll(() => catchInstallPrompt());
  beforeEach(() => {
    window.localStorage.clear();
    act(() => forgetOffer());
  });

  it('shows nothing where the browser never offers to install', () => {
    renderWithProviders(<InstallSuggestion />);
    expect(screen.queryByRole('complementary', { name: 'Install the app' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /install/i })).not.toBeInTheDocument();
  });

  it("appears when the browser offers, and Install opens the browser's dialog once", async () => {
    renderWithProviders(<InstallSuggestion />);
    const { event, prompt } = offerInstall();
    expect(event.defaultPrevented).toBe(true);
    expect(await screen.findByRole('complementary', { name: 'Install the app' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Install the app' }));
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('complementary', { name: 'Install the app' })).not.toBeInTheDocument();
  });

  it('once dismissed, never appears again, even when the browser offers again', async () => {
    const first = renderWithProviders(<InstallSuggestion />);
    const { prompt } = offerInstall();
    await userEvent.click(await screen.findByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('complementary', { name: 'Install the app' })).not.toBeInTheDocument();
    expect(prompt).not.toHaveBeenCalled();
    expect(window.localStorage.getItem(DISMISSED_KEY)).toBe('1');
    first.unmount();

    // Another visit: the browser offers again, the site stays quiet.
    renderWithProviders(<InstallSuggestion />);
    offerInstall();
    expect(screen.queryByRole('complementary', { name: 'Install the app' })).not.toBeInTheDocument();
  });

  it('goes away when the site is installed some other way', async () => {
    renderWithProviders(<InstallSuggestion />);
    offerInstall();
    expect(await screen.findByRole('complementary', { name: 'Install the app' })).toBeInTheDocument();
    act(() => {
      window.dispatchEvent(new Event('appinstalled'));
    });
    expect(screen.queryByRole('complementary', { name: 'Install the app' })).not.toBeInTheDocument();
  });
});
