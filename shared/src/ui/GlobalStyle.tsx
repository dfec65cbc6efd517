import { createGlobalStyle } from 'styled-components';
import { theme } from './theme';

/**
 * Base typography and focus rings. The typeface (Poppins, from our own files) is declared in each app's
 * index.html (config/font-faces-plugin.cjs), not here: see there why.
 */
export const GlobalStyle = createGlobalStyle`
  /* Toasts: the site's font, and below the sticky header (under its layer too), so they never cover its menus. */
  .Toastify__toast { font-family: ${theme.font.family}; }
  :root { --toastify-z-index: 90; }
  /* On phones too (the library puts them at the very top there); the doubled class outweighs the library's own rule. */
  .Toastify__toast-container.Toastify__toast-container--top-right { top: calc(72px + 12px + env(safe-area-inset-top)); }

  *, *::before, *::after { box-sizing: border-box; }
  html { -webkit-text-size-adjust: 100%; }
  body {
    margin: 0;
    font-family: ${theme.font.family};
    color: ${theme.colors.text};
    background: ${theme.colors.background};
    line-height: 1.6;
    -webkit-font-smoothing: antialiased;
  }
  img { max-width: 100%; display: block; }
  a { color: ${theme.colors.primary}; }
  h1, h2, h3, h4 { line-height: 1.25; margin: 0 0 0.5em; }
  button, input, select, textarea { font: inherit; }
  :focus-visible { outline: 3px solid ${theme.colors.focus}; outline-offset: 2px; }
  .visually-hidden {
    position: absolute !important; width: 1px; height: 1px; padding: 0; margin: -1px;
    overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0;
  }
  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after { animation-duration: 0.01ms !important; transition-duration: 0.01ms !important; scroll-behavior: auto !important; }
  }
`;
