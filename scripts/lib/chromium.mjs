/**
 * The Chromium that the browser tests and the release checks drive: CHROME_PATH
 * when set, else Debian's headless shell (`apt-get install
 * chromium-headless-shell`), else the full browser (`apt-get install
 * chromium`). The headless shell renders with the same engine, without the
 * browser's own UI layer, and costs about a third less CPU per page load:
 * the browser tests are most of `npm test`'s time. The benchmarks measure
 * with the full browser (bench/lib.mjs), as a visitor's is.
 */
import { existsSync } from 'node:fs';

const CANDIDATES = [
  '/usr/lib/chromium/chromium-headless-shell',
  '/usr/bin/chromium-headless-shell',
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
];

/** The executable to launch, or undefined when none is installed. */
export function headlessChromiumPath() {
  return [process.env.CHROME_PATH, ...CANDIDATES].filter(Boolean).find((p) => existsSync(p));
}

/** The flags every headless launch takes (the headless shell ignores `--headless=new`). */
export const HEADLESS_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-dev-shm-usage',
];
