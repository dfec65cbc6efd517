/**
 * CSV files for the staff (attendees, donations), as RFC 4180 writes them:
 * fields separated by commas, records by CRLF, and a field holding a comma,
 * a quote, a line break or spaces at either end in double quotes, its quotes
 * doubled. Opened in a spreadsheet, a text cell that starts with = + - @ (or
 * a tab or carriage return) would be run as a formula, so such text is
 * prefixed with an apostrophe (OWASP's advice on CSV injection): names and
 * addresses come from members. Numbers the server computes are written as
 * they are. The file starts with a byte order mark, so spreadsheets read it
 * as UTF-8.
 */

export type CsvCell = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

/** One field: text made safe for spreadsheets, then quoted when RFC 4180 asks for it. */
export function csvField(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole file: a header row, then one record per row. */
export function toCsv(header: string[], rows: CsvCell[][]): string {
  return `\uFEFF${[header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}

/** A file name from a title: 'night-of-worship-attendees.csv'. */
export function csvFileName(title: string, suffix: string): string {
  const base = title
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '-')
    .slice(0, 60);
  return `${base ? `${base}-` : ''}${suffix}.csv`;
}
