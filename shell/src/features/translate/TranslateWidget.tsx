import { useId, useState } from 'react';
import styled from 'styled-components';
import { applyLanguage, LANGUAGES, loadTranslator, setTranslateCookie } from './loadTranslator';

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

/**
 * A language list. The translator is fetched only when a visitor picks a
 * language; if it cannot be loaded, the widget says so plainly.
 */
export function TranslateWidget({ light = false }: { light?: boolean }) {
  const id = useId();
  const containerId = `translate-${id.replace(/:/g, '')}`;
  const [language, setLanguage] = useState('en');
  const [status, setStatus] = useState<'idle' | 'loading' | 'failed'>('idle');

  const choose = async (code: string) => {
    setLanguage(code);
    setTranslateCookie(code);
    if (code === 'en' && status !== 'idle') {
      applyLanguage('en');
      return;
    }
    if (code === 'en') return;
    setStatus('loading');
    try {
      await loadTranslator(containerId);
      setStatus('idle');
      // The translator needs a moment to render its own controls.
      window.setTimeout(() => applyLanguage(code), 300);
    } catch {
      setStatus('failed');
      setLanguage('en');
      setTranslateCookie('en');
    }
  };

  return (
    <Wrap $light={light}>
      <label htmlFor={`${containerId}-select`}>Translate this page</label>
      <select
        id={`${containerId}-select`}
        value={language}
        onChange={(e) => void choose(e.target.value)}
        aria-describedby={status === 'failed' ? `${containerId}-status` : undefined}
        disabled={status === 'loading'}
      >
        {LANGUAGES.map((l) => (
          <option key={l.code} value={l.code} lang={l.code}>
            {l.label}
          </option>
        ))}
      </select>
      <div id={containerId} hidden />
      {status === 'loading' && <p role="status">Loading the translator…</p>}
      {status === 'failed' && (
        <p id={`${containerId}-status`} role="alert">
          The translator could not be loaded. Check your connection and try again.
        </p>
      )}
    </Wrap>
  );
}
