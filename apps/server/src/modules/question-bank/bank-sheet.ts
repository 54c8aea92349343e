// An uploaded spreadsheet as rows of text (decision 0013, Import): CSV (UTF-8, with or without a BOM,
// comma, semicolon or tab separated) or XLSX (its first worksheet), recognised by the bytes and never
// by the name. A cell is read as the text a person sees: a number as its digits, a formula as its
// result, rich text as its text. Anything else is refused.
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import type { BankImportFileError } from '@app/contract';
import { AppError } from '../../lib/app-error';
import { sniffFileKind } from '../admin/file-kind';

export const NOT_A_SPREADSHEET = 'The file must be CSV or XLSX';

/** One row of the file: its number as a spreadsheet shows it (1-based) and its cells' text. */
export type SheetRow = { row: number; cells: string[] };

/**
 * What an XLSX may unpack to: its XML is inflated in memory, and a few megabytes of zip can claim
 * gigabytes (a zip bomb). A bank of the largest allowed size unpacks to a small part of this.
 */
const MAX_UNZIPPED_BYTES = 100 * 1024 * 1024;

/** A whole file refused: its English message, and its code for the admin screen (BankImportFileError). */
export const fileRefused = (message: string, data: BankImportFileError, errors?: Record<string, string>) =>
  new AppError(400, message, { data, ...(errors ? { errors } : {}) });

const notASpreadsheet = () =>
  fileRefused(NOT_A_SPREADSHEET, { file: 'not-a-spreadsheet' }, { file: NOT_A_SPREADSHEET });

export async function readSheet(bytes: Buffer): Promise<SheetRow[]> {
  const kind = sniffFileKind(bytes);
  if (kind === 'xlsx') return readXlsx(bytes);
  if (kind !== null) throw notASpreadsheet();
  let text: string;
  try {
    // Strips a UTF-8 BOM; a byte sequence that is not UTF-8 is not a CSV we read.
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw notASpreadsheet();
  }
  return readCsv(text);
}

function readCsv(text: string): SheetRow[] {
  let records: string[][];
  try {
    records = parse(text, {
      delimiter: delimiterOf(text),
      relax_column_count: true,
      skip_empty_lines: false,
    });
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw fileRefused(`The CSV file cannot be read${line ? ` (near line ${line})` : ''}`, {
      file: 'unreadable-csv',
      ...(line ? { line } : {}),
    });
  }
  // Undo what our export (admin/csv.ts) does to a cell that starts like a formula: the quote it adds.
  return records.map((cells, index) => ({
    row: index + 1,
    cells: cells.map((cell) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell)),
  }));
}

/** The separator of the header line: a comma unless the line has more semicolons or tabs. */
function delimiterOf(text: string): string {
  const header = text.slice(0, text.search(/\r?\n|$/));
  const count = (c: string) => header.split(c).length - 1;
  return [';', '\t'].find((c) => count(c) > count(',')) ?? ',';
}

async function readXlsx(bytes: Buffer): Promise<SheetRow[]> {
  if (unzippedBytes(bytes) > MAX_UNZIPPED_BYTES) throw new AppError(413, 'Uploaded file is too large');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw notASpreadsheet();
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = cellText(cell.value);
    });
    rows.push({ row: rowNumber, cells: Array.from(cells, (cell) => cell ?? '') });
  });
  return rows;
}

/** A cell as the text Excel shows for it. */
export function cellText(value: ExcelJS.CellValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().replace(/T00:00:00\.000Z$/, '');
  if ('richText' in value) return value.richText.map((run) => run.text).join('');
  if ('formula' in value || 'sharedFormula' in value) return cellText(value.result);
  if ('text' in value) return cellText(value.text);
  if ('error' in value) return String(value.error);
  return '';
}

/** The sizes a zip's central directory declares for its entries, summed (ZIP64 counts as too large). */
function unzippedBytes(bytes: Buffer): number {
  let total = 0;
  for (let at = bytes.indexOf('PK\x01\x02'); at >= 0 && at + 46 <= bytes.length;) {
    if (bytes.readUInt32LE(at) !== 0x02014b50) break;
    const size = bytes.readUInt32LE(at + 24);
    total += size === 0xffffffff ? Number.POSITIVE_INFINITY : size;
    at += 46 + bytes.readUInt16LE(at + 28) + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return total;
}
