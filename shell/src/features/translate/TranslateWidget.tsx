import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
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
  position: relative;
  display: flex;
  flex-direction: column;
  gap: 4px;
  label {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
  }
  select {
    min-height: 40px;
    border-radius: 999px;
    padding: 6px 12px;
    border: 1px solid ${(p) => (p.$light ? 'rgba(255,255,255,0.6)' : '#d9d6cf')};
    background: ${(p) => (p.$light ? 'transparent' : '#fff')};
    color: ${(p) => (p.$light ? '#fff' : '#1d1d1f')};
  }
  option {
    color: #1d1d1f;
  }
  /* The notes float below the list: they never grow the header or push its buttons. */
  .note {
    position: absolute;
    top: calc(100% + 6px);
    right: 0;
    z-index: 120;
    width: 240px;
    margin: 0;
    padding: 10px 12px;
    border-radius: 8px;
    background: #fff;
    color: #1d1d1f;
    box-shadow: 0 6px 24px rgba(20, 33, 61, 0.2);
    font-size: 0.8rem;
    line-height: 1.4;
    text-align: left;
  }
  .note p {
    margin: 0;
  }
  .note button {
    display: block;
    margin-top: 6px;
    padding: 4px 0;
    background: none;
    border: none;
    color: #14213d;
    font-weight: 600;
    text-decoration: underline;
    cursor: pointer;
  }
`;

/** How long a "could not load" note stays before it goes away by itself. */
export const NOTE_MS = 10_000;

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

  // A problem note goes away by itself (or with its Dismiss button).
  useEffect(() => {
    if (status !== 'failed' && status !== 'unavailable') return;
    const timer = setTimeout(() => setStatus('idle'), NOTE_MS);
    return () => clearTimeout(timer);
  }, [status]);

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
      {status === 'loading' && (
        <p className="note" role="status">
          Loading the translator…
        </p>
      )}
      {problem && (
        <div className="note">
          <p id={`${baseId}-status`} role="alert">
            {MESSAGES[problem]}
          </p>
          <button type="button" onClick={() => setStatus('idle')}>
            Dismiss
          </button>
        </div>
      )}
    </Wrap>
  );
}
