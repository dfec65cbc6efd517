/** Small server-rendered pages for /pay/...: escaped text, one inline stylesheet, no script. */
import { siteIdentity } from '@ministry/shared/config';
import { formatPrice } from '@ministry/shared/format';
import { escapeHtml } from '../../lib/html.js';

/** Dollars as the site shows them: '45$', '12.50$'. */
export const dollars = (amount: number): string => formatPrice(amount);

/** The site's font (Poppins, from the files the site's own bundle uses), served at /pay/fonts/. */
export const FONT_WEIGHTS = ['400', '500', '600', '700'] as const;
const FONT_FACES = FONT_WEIGHTS.map(
  (weight) =>
    `@font-face{font-family:'Poppins';font-style:normal;font-weight:${weight};font-display:swap;src:url(/pay/fonts/poppins-${weight}.woff2) format('woff2')}`,
).join('\n');

const STYLE = `
${FONT_FACES}
*{box-sizing:border-box}
body{margin:0;font-family:Poppins,system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1d1d1f;background:#f6f4ef;line-height:1.5}
.test{background:#ffe58f;color:#3d2e00;text-align:center;padding:10px 16px;border-bottom:2px solid #c9a227}
.test strong{display:block;letter-spacing:.04em}
.test small{display:block;font-weight:500;letter-spacing:0}
header{background:#14213d;color:#fff;padding:18px 24px}
header a{color:#fff;text-decoration:none;font-weight:600}
main{max-width:560px;margin:32px auto;padding:0 16px}
.card{background:#fff;border:1px solid #d9d6cf;border-radius:10px;box-shadow:0 6px 24px rgba(20,33,61,.08);padding:28px}
h1{font-size:1.6rem;color:#14213d;margin:0 0 8px}
p{margin:0 0 14px}
.muted{color:#55595f;font-size:.95rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px;margin:20px 0;padding:16px;background:#f6f4ef;border-radius:8px}
dt{color:#55595f}dd{margin:0;font-weight:600}
.total{font-size:1.25rem}
.actions{display:flex;flex-wrap:wrap;gap:12px;margin-top:20px}
.actions form{margin:0}
button,.button{display:inline-flex;align-items:center;justify-content:center;min-height:44px;padding:10px 22px;border-radius:999px;border:2px solid #14213d;font:inherit;font-weight:600;cursor:pointer;text-decoration:none}
.primary{background:#14213d;color:#fff}.primary:hover{background:#22335c}
.secondary{background:#fff;color:#14213d}.secondary:hover{background:#f6f4ef}
label{display:block;font-weight:500;margin:0 0 6px}
input[type=number],input[type=email]{width:100%;min-height:44px;padding:10px 14px;border-radius:8px;border:1.5px solid #d9d6cf;font:inherit;margin:0 0 6px}
label[for=email]{margin-top:14px}
.check{display:flex;align-items:center;gap:10px}.check label{margin:0}.check input{width:22px;height:22px}
.review .with{display:none}.review:has(#coverFee:checked) .with{display:inline}.review:has(#coverFee:checked) .without{display:none}
.error{color:#b3261e;font-weight:500}
.ok{color:#1e6b3a;font-weight:600}
nav.plans{display:flex;flex-wrap:wrap;gap:8px;margin:0 0 16px}
nav.plans a{padding:6px 14px;border-radius:999px;border:1.5px solid #d9d6cf;color:#14213d;text-decoration:none;font-weight:500}
nav.plans a[aria-current]{background:#14213d;color:#fff;border-color:#14213d}
:focus-visible{outline:3px solid #1a73e8;outline-offset:2px}
@media (max-width:768px){main{margin:20px auto}.card{padding:20px}h1{font-size:1.35rem}.actions>*{flex:1 1 100%}.actions button,.actions .button{width:100%}}
`;

export interface PageOptions {
  title: string;
  body: string;
  /** Shows the TEST MODE strip (the local provider: no money moves). */
  testMode: boolean;
}

export function renderPage({ title, body, testMode }: PageOptions): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} | ${escapeHtml(siteIdentity.ministryName)}</title>
<link rel="icon" href="/media/favicon.svg" type="image/svg+xml">
<style>${STYLE}</style>
</head>
<body>
${testMode ? '<div class="test" role="note"><strong>TEST MODE</strong><small>This is a test payment page: no card is asked for and no money is taken.</small></div>' : ''}
<header><a href="/">${escapeHtml(siteIdentity.ministryName)}</a></header>
<main><div class="card">
${body}
</div></main>
</body>
</html>`;
}
