/**
 * The page a visitor gets, without a connection, for a page the worker has
 * not kept: whole in itself (no script, no file of any release), with the
 * pages that can be opened now.
 */
export interface KeptPage {
  path: string;
  title: string;
}

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The kit first (devotionals, events, tickets, sermon), then the other pages kept, by title. */
function order(page: KeptPage): number {
  if (page.path === '/') return 0;
  if (page.path.startsWith('/daily-devotion') || page.path.startsWith('/devotional-detail')) return 1;
  if (page.path.startsWith('/events') || page.path.startsWith('/live')) return 2;
  if (page.path.startsWith('/my-tickets')) return 3;
  if (page.path.startsWith('/sermons')) return 4;
  return 5;
}

export function offlinePage(pages: KeptPage[]): string {
  const sorted = [...pages].sort((a, b) => order(a) - order(b) || a.title.localeCompare(b.title));
  const items = sorted
    .map((page) => `<li><a href="${escape(page.path)}">${escape(page.title.replace(/ [|·–-] .*$/, '') || page.path)}</a></li>`)
    .join('');
  return `<!doctype html>
<html lang="en" data-offline-page="true">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="#14213d">
<title>You are offline</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;background:#f7f5ef;color:#14213d}
main{max-width:40rem;margin:0 auto;padding:2rem 1.25rem}
h1{font-size:1.75rem;margin:0 0 .5rem}
p{line-height:1.5}
ul{list-style:none;padding:0;margin:1.5rem 0}
li{margin:0 0 .5rem}
a{display:block;padding:.85rem 1rem;border-radius:10px;background:#fff;border:1px solid #d9d4c7;color:#14213d;text-decoration:none;font-weight:600}
a:focus,a:hover{border-color:#14213d}
button{font:inherit;padding:.7rem 1.2rem;border-radius:10px;border:0;background:#14213d;color:#fff;cursor:pointer}
</style>
</head>
<body>
<main>
<h1>You are offline</h1>
<p>This page is not saved on this device. ${
    items
      ? 'These pages are, and open without a connection:'
      : 'Open the site once with a connection and its Sunday pages will be here.'
  }</p>
${items ? `<ul aria-label="Saved pages">${items}</ul>` : ''}
<p><button type="button" onclick="location.reload()">Try again</button></p>
</main>
</body>
</html>`;
}
