/**
 * Jest for the browser apps and the shared library (jsdom, Testing Library):
 * one project per app (config/apps.cjs), and the shared library. The API has
 * its own tests (node's test runner, against real databases).
 */
const path = require('node:path');
const { APP_DIRS } = require('./config/apps.cjs');

const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

const project = (name) => ({
  displayName: name,
  rootDir: path.join(__dirname, name),
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
  transform: { '^.+\\.(t|j)sx?$': swc },
  transformIgnorePatterns: ['/node_modules/(?!(\\.pnpm/)?(@ministry))'],
  moduleNameMapper: {
    '\\.(svg|png|jpe?g|webp)$': path.join(__dirname, 'config/jest/fileStub.cjs'),
  },
  setupFiles: [path.join(__dirname, 'config/jest/polyfills.cjs')],
  setupFilesAfterEnv: [path.join(__dirname, 'config/jest/setup.ts')],
});

module.exports = {
  projects: ['shared', ...APP_DIRS].map(project),
  // A form test types, clicks and waits for its answers: five seconds (the default) is too short
  // on a busy machine, where a test is slow, not wrong.
  testTimeout: 20_000,
};
