// CSV for spreadsheets: RFC 4180 quoting, CRLF rows, a UTF-8 byte-order mark so Excel reads Arabic,
// and formula injection defused: a cell that starts with = + - @ (or a tab or carriage return, which
// some spreadsheets strip before looking) is prefixed with a single quote, so it stays text.
export type Cell = string | number | null | undefined;

const BOM = '\uFEFF';
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The whole document: BOM, header row, data rows. */
export function csvDocument(header: readonly string[], rows: Iterable<readonly Cell[]>): string {
  const lines = [header.map(csvCell).join(',')];
  for (const row of rows) lines.push(row.map(csvCell).join(','));
  return `${BOM}${lines.join('\r\n')}\r\n`;
}

/** Content-Disposition for a download named `name` (ASCII fallback plus the UTF-8 form). */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
