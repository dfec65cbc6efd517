/**
 * Runtime configuration: what the server tells the shell (inline in every
 * page, and at `/config.json`) about the live release of each app. Each
 * remote ships on its own: its location, its pages and its name for
 * visitors come from its release, never from the shell's build.
 */

/** A remote's federation name (`mfe_giving`). */
export type RemoteName = string;

/** A page of the site, as its app declares it in its manifest (app.json). */
export interface SitePage {
  /** A path pattern as the router reads it (`/events/:id`). */
  path: string;
  /** The app that renders it: `shell` or a remote's federation name. */
  app: string;
  /** The page's title (the page may refine it once its content is known). */
  title: string;
  /** 'auth': no header or footer (login, sign-up). */
  layout: 'main' | 'auth';
  /** Only for signed-in members (others are sent to /login). */
  signedIn: boolean;
  /** Rendered on the server for visitors who are not signed in. */
  ssr: boolean;
  /** A staff page: the least role that may open it (an admin may open an editor's). */
  staff?: 'editor' | 'admin';
  /** false: a staff page left out of the staff bar (a form reached from its list). */
  listed?: false;
  /** What the page shows (`events`, `devotionals`, …): a change to it renders its server copy again. */
  data?: string[];
}

export interface RuntimeConfig {
  /** Where each remote's browser container is: its mf-manifest.json, by federation name. */
  remotes: Record<RemoteName, string>;
  /** What each remote is called in a message to visitors ("the giving and events pages"). */
  labels: Record<RemoteName, string>;
  /** Every page of every app. */
  pages: SitePage[];
  /** Base address of the API ('' means same origin). */
  apiBase: string;
}

/** The shell's own pages (the home page composes remotes' modules). */
export const SHELL_PAGES: SitePage[] = [{ path: '/', app: 'shell', title: 'Home', layout: 'main', signedIn: false, ssr: true }];

/** A configuration with the shell's pages only: what the shell starts from when the server's cannot be read. */
export function emptyRuntimeConfig(): RuntimeConfig {
  return { remotes: {}, labels: {}, pages: SHELL_PAGES, apiBase: '' };
}
