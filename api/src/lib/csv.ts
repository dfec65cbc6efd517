/**
 * CSV files for the staff (attendees, donations, newsletter subscribers), as
 * RFC 4180 writes them: fields separated by commas, records by CRLF, every
 * field in double quotes, its quotes doubled. Opened in a spreadsheet, text
 * that starts with = + - @ (or a tab or carriage return) would be run as a
 * formula, so such text gets an apostrophe before it (OWASP's advice on CSV
 * injection): names and addresses come from members. A spreadsheet set to
 * split on semicolons or commas inside a cell would start a new cell there,
 * so a formula character right after a `;` or `,` gets its apostrophe too.
 * Numbers the server computes are written as they are. The file starts with
 * a byte order mark, so spreadsheets read it as UTF-8.
 */

export type CsvCell = string | number | null | undefined;

/** A formula's first character, at the start of the text or of what a `;` or `,` would split off. */
const FORMULA_START = /(^|[;,]\s*)(?=[=+\-@\t\r])/g;

/** One field: text made safe for spreadsheets, in quotes. */
export function csvField(value: CsvCell): string {
  if (value === null || value === undefined) return '""';
  if (typeof value === 'number') return Number.isFinite(value) ? `"${value}"` : '""';
  const text = value.replace(FORMULA_START, "$1'");
  return `"${text.replace(/"/g, '""')}"`;
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
