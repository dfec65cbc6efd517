/**
 * The page translator (Google's website translator) is loaded only when a
 * visitor picks a language. The choice is kept in the `googtrans` cookie,
 * which the translator reads.
 */
export const TRANSLATOR_URL = 'https://translate.google.com/translate_a/element.js?cb=__ministryTranslateInit';

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

export function setTranslateCookie(code: string): void {
  const value = code === 'en' ? '' : `/en/${code}`;
  const expires = code === 'en' ? '; expires=Thu, 01 Jan 1970 00:00:00 GMT' : '';
  document.cookie = `googtrans=${value}; path=/${expires}`;
}

/** Loads the translator script once; rejects if it cannot be reached in time. */
export function loadTranslator(containerId: string, timeoutMs = 8000): Promise<void> {
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
      new Element({ pageLanguage: 'en', autoDisplay: false }, containerId);
      resolve();
    };
    script.src = TRANSLATOR_URL;
    script.async = true;
    script.onerror = () => fail(new Error('unreachable'));
    document.head.appendChild(script);
  });
  return loading;
}

/** Asks a loaded translator to switch language (it renders a hidden select). */
export function applyLanguage(code: string): boolean {
  const combo = document.querySelector<HTMLSelectElement>('select.goog-te-combo');
  if (!combo) return false;
  combo.value = code === 'en' ? '' : code;
  combo.dispatchEvent(new Event('change'));
  return true;
}
