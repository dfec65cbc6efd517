/**
 * Finding the page for a path among the pages the apps declare (their
 * manifests, published with each release). The shell routes with it and the
 * server answers with it (200 or 404, rendered on the server or not, the
 * remote modules to preload). No React here: the API imports it.
 */
import type { RemoteName, SitePage } from './runtime';

/**
 * Query parameters that only say where a visitor came from (campaigns,
 * newsletters, social networks). No page reads them, and a network adds a
 * new one to every click (`fbclid`): they are not part of what a page is.
 */
const TRACKING_PARAMETER = /^(utm_\w+|fbclid|gclid|gbraid|wbraid|dclid|msclkid|twclid|igshid|mc_cid|mc_eid|_ga|_gl|ref_src)$/i;

/**
 * The address of what a page shows: its path and query, without the
 * parameters that only track where the visitor came from. The server renders
 * and keeps pages under it, and the browser takes over a server-rendered page
 * when its own address comes to the same.
 */
export function pageAddress(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const kept = url
    .slice(at + 1)
    .split('&')
    .filter((pair) => pair && !TRACKING_PARAMETER.test(decodeURIComponentSafe(pair.split('=')[0]!)));
  return kept.length ? `${url.slice(0, at)}?${kept.join('&')}` : url.slice(0, at);
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Whether `pathname` matches `pattern` (`:param` is one non-empty segment; any case, trailing slash ignored). */
export function matchesRoute(pattern: string, pathname: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.replace(/\/+$/, '').split('/').filter(Boolean);
  if (have.length !== want.length) return false;
  return want.every((segment, i) =>
    segment.startsWith(':') ? have[i].length > 0 : segment.toLowerCase() === have[i].toLowerCase(),
  );
}

/** How specific a pattern is: a fixed segment ranks above a parameter at the same place (`/events/new` over `/events/:id`). */
function rank(pattern: string): string {
  return pattern
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? '1' : '2'))
    .join('');
}

interface CompiledPage {
  page: SitePage;
  /** The pattern's segments, lower-cased; null for a `:param`. */
  segments: (string | null)[];
  rank: string;
}

/** Each list of pages, compiled once: the server looks a page up on every request. */
const compiled = new WeakMap<readonly SitePage[], Map<number, CompiledPage[]>>();

function compile(pages: readonly SitePage[]): Map<number, CompiledPage[]> {
  let bySegments = compiled.get(pages);
  if (!bySegments) {
    bySegments = new Map();
    for (const page of pages) {
      const segments = page.path
        .split('/')
        .filter(Boolean)
        .map((segment) => (segment.startsWith(':') ? null : segment.toLowerCase()));
      const list = bySegments.get(segments.length) ?? [];
      list.push({ page, segments, rank: rank(page.path) });
      bySegments.set(segments.length, list);
    }
    compiled.set(pages, bySegments);
  }
  return bySegments;
}

/** The page at `pathname`, or undefined for the not-found page. */
export function findPage(pages: readonly SitePage[], pathname: string): SitePage | undefined {
  const have = pathname.split('?')[0]!.toLowerCase().split('/').filter(Boolean);
  let best: CompiledPage | undefined;
  for (const candidate of compile(pages).get(have.length) ?? []) {
    if (!candidate.segments.every((segment, i) => segment === null || segment === have[i])) continue;
    if (!best || candidate.rank > best.rank) best = candidate;
  }
  return best?.page;
}

/** A remote module a page renders: `mfe_giving` / `routes`. */
export interface RemoteModuleId {
  remote: RemoteName;
  expose: string;
}

/**
 * The remote modules the page renders first: its remote's routes, or for a
 * page of the shell the modules the shell composes it from (`uses`,
 * `mfe_content/HomeSections`).
 */
export function pageModules(page: SitePage | undefined, shellUses: readonly string[] = []): RemoteModuleId[] {
  if (!page) return [];
  if (page.app !== 'shell') return [{ remote: page.app, expose: 'routes' }];
  return shellUses.map((id) => {
    const [remote, expose] = id.split('/');
    return { remote, expose };
  });
}
