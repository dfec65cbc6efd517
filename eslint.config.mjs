import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { existsSync, readdirSync } from 'node:fs';

/** Apps do not import each other or the shell; they meet only in the shell. */
const APPS_APART = {
  group: ['**/mfe-*/**', '@ministry/mfe-*', '@ministry/shell', '**/shell/src/**'],
  message: 'Apps do not import each other; share through @ministry/shared.',
};

/**
 * Inside an app, features import each other one way only: each app lists its
 * features that use others, from the top down; a feature imports only those
 * listed below it and the ones not listed (the bottom: they import no other
 * feature). Parts several features share live in a bottom feature or in the
 * app's `src/lib` or `src/components`.
 */
const FEATURE_LAYERS = {
  shell: ['layout', 'header', 'home', 'staff'],
  'mfe-content': ['home', 'staff', 'live', 'news'],
  'mfe-community': ['community-page', 'moderation', 'my-posts', 'my-groups', 'prayers', 'stories', 'locations'],
  'mfe-account': [
    'login',
    'reset-password',
    'signup',
    'verify-email',
    'newsletter',
    'profile',
    'notifications',
    'subscribers',
    'announcements',
  ],
  'mfe-giving': ['calendar', 'booking', 'checkout', 'my-tickets', 'offering', 'events', 'staff-donations'],
};

function featureLayerRules() {
  return Object.entries(FEATURE_LAYERS).flatMap(([app, layers]) => {
    const dir = `${app}/src/features`;
    const features = existsSync(dir)
      ? readdirSync(dir, { withFileTypes: true })
          .filter((d) => d.isDirectory())
          .map((d) => d.name)
      : [];
    return features.map((feature) => {
      const at = layers.indexOf(feature);
      const below = at < 0 ? [] : [...layers.slice(at + 1), ...features.filter((f) => !layers.includes(f))];
      const forbidden = features.filter((f) => f !== feature && !below.includes(f));
      return {
        files: [`${dir}/${feature}/**/*.{ts,tsx}`],
        rules: {
          'no-restricted-imports': [
            'error',
            {
              patterns: [
                APPS_APART,
                ...(forbidden.length
                  ? [
                      {
                        group: forbidden.flatMap((f) => [`../${f}`, `../${f}/**`, `**/features/${f}/**`]),
                        message: `Features import each other one way (eslint.config.mjs FEATURE_LAYERS): ${feature} may not import these.`,
                      },
                    ]
                  : []),
              ],
            },
          ],
        },
      };
    });
  });
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'releases/**',
      '**/.swc/**',
      'data/**',
      'bench/results/**',
      'e2e/artifacts/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['**/*.{js,cjs,mjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Remotes never import each other or the shell; they meet only in the shell.
    files: ['mfe-*/src/**/*.{ts,tsx}', 'shell/src/**/*.{ts,tsx}', 'shared/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [APPS_APART] }],
    },
  },
  {
    // A browser test waits for the state it needs (the app ready, an element React owns, a mail in the outbox,
    // the page settled), never for a time: a time long enough on a quiet machine is too short on a busy one.
    files: ['e2e/**/*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          property: 'waitForTimeout',
          message: 'Wait for the state the test needs (a locator, waitForFunction, settled(page), waitForMail), not for a time.',
        },
      ],
    },
  },
  ...featureLayerRules(),
);
