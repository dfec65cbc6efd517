/** The encoding to use from an Accept-Encoding header: br, gzip or none (q=0 refuses). */
export function pickEncoding(header: string | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  // Browsers send a handful of different headers: each is read once.
  const known = picked.get(header);
  if (known !== undefined) return known;
  const encoding = readEncoding(header);
  if (picked.size >= 100) picked.clear();
  picked.set(header, encoding);
  return encoding;
}
const picked = new Map<string, 'br' | 'gzip' | null>();

function readEncoding(header: string): 'br' | 'gzip' | null {
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)).find(Boolean);
    accepted.set(name.trim(), q ? Number(q[1]) : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return null;
}
