/**
 * CSV files the staff download and open in a spreadsheet (RFC 4180: every
 * cell quoted, quotes doubled, CRLF between rows, a byte-order mark so
 * spreadsheets read UTF-8). A cell that a spreadsheet would run as a
 * formula (starting with =, +, -, @, a tab or a carriage return) is given
 * a leading apostrophe, so it stays text: an address such as
 * `=HYPERLINK(…)@x.org` cannot become a link or a command.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function csvFile(header: string[], rows: (string | number | null | undefined)[][]): string {
  return `\uFEFF${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
