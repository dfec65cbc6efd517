#!/usr/bin/env node
/**
 * `npm run shared:version -- <major|minor|patch>`: takes a new version of
 * @ministry/shared and records what it exports (shared/exports.json).
 * `npm run shared:version -- --check`: says whether the record is up to date
 * (`npm test` runs it). See scripts/lib/shared-exports.mjs and
 * docs/deploying-a-remote.md, "Changing shared".
 */
import { checkSharedExports, takeVersion } from './lib/shared-exports.mjs';

const [arg] = process.argv.slice(2);
if (arg === '--check') {
  const problems = checkSharedExports();
  for (const problem of problems) console.error(problem);
  if (!problems.length) console.log('@ministry/shared: its exports are as recorded at its version.');
  process.exit(problems.length ? 1 : 0);
}
if (!['major', 'minor', 'patch'].includes(arg)) {
  console.error('Usage: npm run shared:version -- <major|minor|patch>   (or --check)');
  process.exit(2);
}
try {
  const { version, changes } = takeVersion(arg);
  console.log(
    `@ministry/shared is now ${version}${changes.length ? ` (${changes.length} export(s) changed)` : ''}; shared/exports.json records it.`,
  );
} catch (error) {
  console.error(`@ministry/shared: ${error.message}`);
  process.exit(1);
}
