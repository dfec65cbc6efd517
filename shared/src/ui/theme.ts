/** Colours, type and spacing of the site. Contrast pairs meet WCAG AA. */
export const theme = {
  colors: {
    primary: '#14213d', // deep navy: header, buttons
    primaryHover: '#22335c',
    accent: '#c9a227', // gold: on dark backgrounds only
    accentText: '#7a5c00', // gold dark enough for text on white
    background: '#ffffff',
    surface: '#f6f4ef',
    text: '#1d1d1f',
    muted: '#55595f',
    border: '#d9d6cf',
    danger: '#b3261e',
    success: '#1e6b3a',
    onPrimary: '#ffffff',
    focus: '#1a73e8',
  },
  font: {
    family: "'Poppins', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  },
  radius: '10px',
  shadow: '0 6px 24px rgba(20, 33, 61, 0.08)',
  maxWidth: '1200px',
  breakpoints: { mobile: '768px' },
} as const;

export type Theme = typeof theme;

/** `${media.mobile} { ... }` for styles that apply on small screens. */
export const media = {
  mobile: `@media (max-width: ${theme.breakpoints.mobile})`,
  desktop: `@media (min-width: calc(${theme.breakpoints.mobile} + 1px))`,
};
