import { useId, useRef, useState, useSyncExternalStore } from 'react';
import styled from 'styled-components';
import {
  applyLanguageWhenReady,
  getPageLanguage,
  isTranslatorLoaded,
  LANGUAGES,
  loadTranslator,
  setTranslateCookie,
  subscribePageLanguage,
} from './loadTranslator';

const Wrap = styled.div<{ $light: boolean }>`
  display: flex;
  flex-direction: column;
  gap: 4px;
  label { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
  select {
    min-height: 40px;
    border-radius: 999px;
    padding: 6px 12px;
    border: 1px solid ${(p) => (p.$light ? 'rgba(255,255,255,0.6)' : '#d9d6cf')};
    background: ${(p) => (p.$light ? 'transparent' : '#fff')};
    color: ${(p) => (p.$light ? '#fff' : '#1d1d1f')};
  }
  option { color: #1d1d1f; }
  p { margin: 0; font-size: 0.8rem; max-width: 220px; color: ${(p) => (p.$light ? '#ffe9a8' : '#b3261e')}; }
`;

type Status = 'idle' | 'loading' | 'failed' | 'unavailable';

const MESSAGES: Record<'failed' | 'unavailable', string> = {
  failed: 'The translator could not be loaded. Check your connection and try again.',
  unavailable: 'The translator did not respond, so the page was not translated. Please try again later.',
};

/**
 * A language list. The translator is fetched only when a visitor picks a
 * language, and the language is applied once the translator is ready (within
 * a few seconds); if it cannot be loaded or does not respond, the widget says
 * so plainly. Every instance shows the language the page is in.
 */
export function TranslateWidget({ light = false }: { light?: boolean }) {
  const id = useId();
  const baseId = `translate-${id.replace(/:/g, '')}`;
  const pageLanguage = useSyncExternalStore(subscribePageLanguage, getPageLanguage, getPageLanguage);
  /** The language being applied, shown in the list meanwhile. */
  const [pending, setPending] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>('idle');
  const latest = useRef(0);

  const choose = async (code: string) => {
    const request = ++latest.current;
    const current = () => request === latest.current;
    const giveUp = (why: 'failed' | 'unavailable') => {
      if (!current()) return;
      setStatus(why);
      setPending(null);
      setTranslateCookie(getPageLanguage());
    };
    setTranslateCookie(code);
    if (code === 'en' && !isTranslatorLoaded()) {
      // Nothing was translated: English needs no translator.
      setStatus('idle');
      setPending(null);
      return;
    }
    setPending(code);
    setStatus('loading');
    try {
      await loadTranslator();
    } catch {
      return giveUp('failed');
    }
    // The translator renders its language list a moment after it loads.
    if (!(await applyLanguageWhenReady(code))) return giveUp('unavailable');
    if (!current()) return;
    setStatus('idle');
    setPending(null);
  };

  const problem = status === 'failed' || status === 'unavailable' ? status : null;
  return (
    <Wrap $light={light}>
      <label htmlFor={`${baseId}-select`}>Translate this page</label>
      <select
        id={`${baseId}-select`}
        value={pending ?? pageLanguage}
        onChange={(e) => void choose(e.target.value)}
        aria-describedby={problem ? `${baseId}-status` : undefined}
        disabled={status === 'loading'}
      >
        {LANGUAGES.map((l) => (
          <option key={l.code} value={l.code} lang={l.code}>
            {l.label}
          </option>
        ))}
      </select>
      {status === 'loading' && <p role="status">Loading the translator…</p>}
      {problem && (
        <p id={`${baseId}-status`} role="alert">
          {MESSAGES[problem]}
        </p>
      )}
    </Wrap>
  );
}
