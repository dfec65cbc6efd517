/**
 * The page translator (Google's website translator) is loaded only when a
 * visitor picks a language. The choice is kept in the `googtrans` cookie,
 * which the translator reads.
 *
 * The header has two language lists (the desktop bar and the mobile drawer,
 * which comes and goes); both drive one translator, attached to one hidden
 * element directly in <body> that outlives them, and both show the language
 * the page is in.
 */
export const TRANSLATOR_URL = 'https://translate.google.com/translate_a/element.js?cb=__ministryTranslateInit';

/** The id of the hidden element the translator renders its own controls into. */
export const TRANSLATOR_CONTAINER_ID = 'ministry-translator';

export const LANGUAGES: { code: string; label: string }[] = [
  { code: 'en', label: 'English' },
  { code: 'fr', label: 'Français' },
  { code: 'es', label: 'Español' },
  { code: 'pt', label: 'Português' },
  { code: 'de', label: 'Deutsch' },
  { code: 'sw', label: 'Kiswahili' },
  { code: 'yo', label: 'Yorùbá' },
  { code: 'zh-CN', label: '中文' },
  { code: 'ar', label: 'العربية' },
];

declare global {
  interface Window {
    __ministryTranslateInit?: () => void;
    google?: { translate?: { TranslateElement: new (options: object, elementId: string) => unknown } };
  }
}

let loading: Promise<void> | null = null;
let loaded = false;

/** The language the page is shown in ('en' until the translator has applied another). */
let pageLanguage = 'en';
const listeners = new Set<() => void>();

export const getPageLanguage = (): string => pageLanguage;

export function subscribePageLanguage(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function setPageLanguage(code: string): void {
  if (code === pageLanguage) return;
  pageLanguage = code;
  for (const listener of listeners) listener();
}

export const isTranslatorLoaded = (): boolean => loaded;

export function setTranslateCookie(code: string): void {
  const value = code === 'en' ? '' : `/en/${code}`;
  const expires = code === 'en' ? '; expires=Thu, 01 Jan 1970 00:00:00 GMT' : '';
  document.cookie = `googtrans=${value}; path=/${expires}`;
}

/** The hidden element the translator attaches to, created once, outside any widget. */
export function translatorContainer(): HTMLElement {
  let container = document.getElementById(TRANSLATOR_CONTAINER_ID);
  if (!container) {
    container = document.createElement('div');
    container.id = TRANSLATOR_CONTAINER_ID;
    container.hidden = true;
    document.body.appendChild(container);
  }
  return container;
}

/** Loads the translator script once; rejects if it cannot be reached in time. */
export function loadTranslator(timeoutMs = 8000): Promise<void> {
  if (loading) return loading;
  loading = new Promise<void>((resolve, reject) => {
    const timer = window.setTimeout(() => fail(new Error('timeout')), timeoutMs);
    const script = document.createElement('script');
    function fail(error: Error) {
      window.clearTimeout(timer);
      script.remove();
      loading = null;
      reject(error);
    }
    window.__ministryTranslateInit = () => {
      window.clearTimeout(timer);
      const Element = window.google?.translate?.TranslateElement;
      if (!Element) return fail(new Error('translator missing'));
      try {
        new Element({ pageLanguage: 'en', autoDisplay: false }, translatorContainer().id);
      } catch (error) {
        return fail(error instanceof Error ? error : new Error('translator failed'));
      }
      loaded = true;
      resolve();
    };
    script.src = TRANSLATOR_URL;
    script.async = true;
    script.onerror = () => fail(new Error('unreachable'));
    document.head.appendChild(script);
  });
  return loading;
}

/**
 * Asks a loaded translator to switch language through the hidden select it
 * renders. False when that select, or the language in it, is not there (yet).
 */
export function applyLanguage(code: string): boolean {
  const combo = document.querySelector<HTMLSelectElement>('select.goog-te-combo');
  if (!combo) return false;
  const value = code === 'en' ? '' : code;
  if (!Array.from(combo.options).some((option) => option.value === value)) return false;
  combo.value = value;
  combo.dispatchEvent(new Event('change'));
  setPageLanguage(code);
  return true;
}

/**
 * Applies the language as soon as the translator's language list is there,
 * checking every `intervalMs`; false if it is not there within `timeoutMs`.
 */
export function applyLanguageWhenReady(code: string, timeoutMs = 5000, intervalMs = 100): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve) => {
    const attempt = () => {
      if (applyLanguage(code)) return resolve(true);
      if (Date.now() >= deadline) return resolve(false);
      window.setTimeout(attempt, intervalMs);
    };
    attempt();
  });
}

/** Forgets the translator and the page language (for tests: each starts from a fresh page). */
export function resetTranslator(): void {
  loading = null;
  loaded = false;
  pageLanguage = 'en';
  delete window.__ministryTranslateInit;
  document.getElementById(TRANSLATOR_CONTAINER_ID)?.remove();
}
