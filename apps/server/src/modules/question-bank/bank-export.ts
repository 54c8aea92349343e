// A bank as a file (decision 0013, Export): the columns import reads, English header, a row per
// question oldest first, so that importing the file into another course gives the same questions in
// the same order. CSV carries a BOM (Excel then shows Arabic) and defuses formula-like cells, which
// import undoes (bank-sheet.ts); XLSX writes every text as a text cell, never a formula.
import { BANK_COLUMNS, type BankQuestion } from '@app/contract';
import ExcelJS from 'exceljs';
import { csvDocument, type Cell } from '../admin/csv';

export type BankFile = { fileName: string; contentType: string; body: string | Buffer };

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function rowOf(question: BankQuestion): Cell[] {
  const answers = BANK_COLUMNS.filter((c) => c.startsWith('answer')).map(
    (_, i) => question.answers[i]?.text ?? '',
  );
  return [
    question.text,
    ...answers,
    question.answers.findIndex((answer) => answer.isCorrect) + 1,
    question.explanation ?? '',
    question.difficulty,
    question.topic,
  ];
}

export async function bankFile(
  courseId: number,
  questions: readonly BankQuestion[],
  format: 'csv' | 'xlsx',
): Promise<BankFile> {
  const rows = questions.map(rowOf);
  const name = `question-bank-${courseId}`;
  if (format === 'csv')
    return {
      fileName: `${name}.csv`,
      contentType: 'text/csv; charset=utf-8',
      body: csvDocument(BANK_COLUMNS, rows),
    };
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('questions', { views: [{ rightToLeft: true }] });
  sheet.addRow([...BANK_COLUMNS]);
  for (const row of rows) sheet.addRow(row);
  const body = Buffer.from(await workbook.xlsx.writeBuffer());
  return { fileName: `${name}.xlsx`, contentType: XLSX_TYPE, body };
}
