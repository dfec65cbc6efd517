/**
 * The browser's offer to install the site (`beforeinstallprompt`, Chromium
 * browsers only). It can come before the app has started, so the shell's
 * entry starts listening at once and keeps the event here for the install
 * suggestion (InstallSuggestion.tsx) to use. Where the browser never sends
 * it, nothing is offered.
 */

/** The event as Chromium sends it (not in the DOM typings). */
export interface InstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

/** Set once the visitor closed the suggestion or answered the browser's dialog: never offered again. */
export const DISMISSED_KEY = 'ministry-install-dismissed';

let offer: InstallPromptEvent | null = null;
let listening = false;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

export function catchInstallPrompt(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keeps the browser's own mini bar away: the site offers it once, its own way.
    event.preventDefault();
    offer = event as InstallPromptEvent;
    changed();
  });
  window.addEventListener('appinstalled', () => {
    offer = null;
    changed();
  });
}

export const installOffer = (): InstallPromptEvent | null => offer;

/** Forgets the offer (it can be used once). */
export function forgetOffer(): void {
  offer = null;
  changed();
}

export function subscribeInstallOffer(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function installDismissed(): boolean {
  try {
    return window.localStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

export function dismissInstall(): void {
  try {
    window.localStorage.setItem(DISMISSED_KEY, '1');
  } catch {
    // Storage refused (a private window): hidden for this visit only.
  }
}
