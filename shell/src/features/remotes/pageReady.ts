/**
 * `<html data-ready="true">` once the page is interactive: the shell has
 * rendered (or taken over the server's HTML) and every remote part on the
 * page has loaded and rendered, or shown its fallback. Browser tests and
 * tools wait for it instead of guessing.
 */
let rendered = false;
let loading = 0;

function show(): void {
  if (typeof document === 'undefined') return;
  document.documentElement.dataset.ready = String(rendered && loading === 0);
}

/** The shell's first render is on screen. */
export function shellRendered(): void {
  rendered = true;
  show();
}

/** A remote part starts loading; call the answer once it is on screen (or failed). */
export function remotePartLoading(): () => void {
  loading += 1;
  show();
  let settled = false;
  return () => {
    if (settled) return;
    settled = true;
    loading -= 1;
    show();
  };
}
