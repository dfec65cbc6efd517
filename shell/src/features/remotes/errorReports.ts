/**
 * Browsers report errors per app and release, so a canary whose visitors'
 * pages throw is rolled back (api/src/site/releaseHealth.ts). Once per
 * page load and app, an anonymous report: the app, its release, the
 * message and the page's path (no query, nothing personal). An error is
 * the app's when it comes from that app's release files (its stack or its
 * file), or when the app's part of the page shows its "couldn't load"
 * fallback; errors of other scripts (a browser extension) are not reported.
 */
import type { RuntimeConfig } from '@ministry/shared/config';

const RELEASE = /\/(?:remotes\/([a-z][a-z0-9-]*)|(shell))\/(\d{8}-\d{6}-[0-9a-f]{6})\//;

const reported = new Set<string>();

function send(app: string, release: string, message: string): void {
  if (reported.has(app)) return;
  reported.add(app);
  try {
    void fetch('/api/releases/errors', {
      method: 'POST',
      keepalive: true,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ app, release, message: message.slice(0, 500), page: window.location.pathname.slice(0, 300) }),
    }).catch(() => undefined);
  } catch {
    // reporting never breaks the page
  }
}

/** The app and release whose files `text` (a stack, a file's address) names first. */
export function releaseIn(text: string | undefined): { app: string; release: string } | null {
  const match = text ? RELEASE.exec(text) : null;
  return match ? { app: match[1] ?? match[2], release: match[3] } : null;
}

/** Reports an error of the remote `name` (its part shows its fallback). */
export function reportRemoteFailure(config: RuntimeConfig, name: string, error: unknown): void {
  const where = releaseIn(config.remotes[name]);
  if (!where) return;
  send(where.app, where.release, error instanceof Error ? `${error.name}: ${error.message}` : String(error));
}

/** Reports the page's uncaught errors that come from the site's own release files. */
export function watchErrors(): void {
  const report = (error: unknown, file?: string) => {
    const stack = error instanceof Error ? error.stack : undefined;
    const where = releaseIn(stack) ?? releaseIn(file);
    if (!where) return;
    send(where.app, where.release, error instanceof Error ? `${error.name}: ${error.message}` : String(error));
  };
  window.addEventListener('error', (event) => report(event.error, event.filename));
  window.addEventListener('unhandledrejection', (event) => report(event.reason));
}
