// Importing and exporting a question bank (issue 20, decision 0013 "Import/export columns"): CSV or
// XLSX recognised by its bytes, Arabic or English headers in any order, every row or none with the
// faulty rows named, the form's own text rules, and an export that imports back unchanged.
import { BANK_COLUMNS, BANK_COLUMNS_AR, BANK_LIMITS, type BankImportErrors } from '@app/contract';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Tenant } from '../src/db/schema';
import {
  adminSuite,
  auditRows,
  failure,
  FILES,
  upload,
  type OtherSchool,
  type SignedIn,
  type Student,
} from './support/admin-helpers';
import { addQuestion, bankCourse, bankQuestion } from './support/bank-fixture';
import type { TestApi } from './support/test-api';

const NOT_A_SPREADSHEET = 'The file must be CSV or XLSX';

const suite = adminSuite();
let api: TestApi, tenant: Tenant, admin: SignedIn, student: Student, other: OtherSchool;
beforeAll(() => void ({ api, tenant, admin, student, other } = suite));

type Listed = {
  id: number;
  text: string;
  answers: { text: string; isCorrect: boolean }[];
  explanation: string | null;
  difficulty: string;
  topic: string;
};

const importFile = (courseId: number, bytes: Uint8Array, name = 'bank.csv') =>
  upload(api, admin.device, `/api/Admin/Courses/${courseId}/Questions/Import`, bytes, { name });

/** The course's questions in the order they were written (the list is newest first). */
async function questionsOf(courseId: number): Promise<Omit<Listed, 'id'>[]> {
  const reply = await admin.device.call('GET', `/api/Admin/Courses/${courseId}/Questions?pageSize=100`);
  expect(reply.status).toBe(200);
  return (reply.body.data.questions as Listed[])
    .reverse()
    .map(({ text, answers, explanation, difficulty, topic }) => ({
      text,
      answers,
      explanation,
      difficulty,
      topic,
    }));
}

const csv = (rows: string[][]) =>
  Buffer.from(rows.map((row) => row.map((cell) => `"${cell.replace(/"/g, '""')}"`).join(',')).join('\r\n'));

async function xlsx(rows: ExcelJS.CellValue[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('الأسئلة');
  for (const row of rows) sheet.addRow(row);
  workbook.addWorksheet('ignored').addRow(['text']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const answersOf = (texts: string[], correct: number) =>
  texts.map((text, index) => ({ text, isCorrect: index === correct }));

describe('POST /api/Admin/Courses/{id}/Questions/Import', () => {
  it('imports a CSV with a BOM and Arabic headers in another order; empty rows are skipped', async () => {
    const { courseId } = await bankCourse(api, tenant.id);
    const invalidate = vi.spyOn(api.services.bankCache, 'invalidate');
    const c = BANK_COLUMNS_AR;
    const file = csv([
      [c.topic, c.correct, c.text, ` ${c.answer2} `, c.answer1, c.answer3, c.difficulty, c.explanation],
      ['الخلية', '2', 'ما وحدة بناء الكائن الحي؟', 'الخلية', 'الذرة', '', 'سهل', 'الخلية هي الوحدة'],
      ['', '', '', '', '', '', '', ''],
      ['', '١', 'سؤال "مقتبس", بفاصلة\nوسطر ثان', 'ب', 'أ', 'ج', '', ''],
      ['النبات', '3', 'أين يحدث البناء الضوئي؟', 'الجذر', 'الساق', 'الورقة', 'صعب', ''],
    ]);
    const reply = await importFile(courseId, Buffer.concat([Buffer.from('\uFEFF'), file]));
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.data).toEqual({ imported: 3 });
    expect(await questionsOf(courseId)).toEqual([
      {
        text: 'ما وحدة بناء الكائن الحي؟',
        answers: answersOf(['الذرة', 'الخلية'], 1),
        explanation: 'الخلية هي الوحدة',
        difficulty: 'easy',
        topic: 'الخلية',
      },
      {
        text: 'سؤال "مقتبس", بفاصلة\nوسطر ثان',
        answers: answersOf(['أ', 'ب', 'ج'], 0),
        explanation: null,
        difficulty: 'medium',
        topic: '',
      },
      {
        text: 'أين يحدث البناء الضوئي؟',
        answers: answersOf(['الساق', 'الجذر', 'الورقة'], 2),
        explanation: null,
        difficulty: 'hard',
        topic: 'النبات',
      },
    ]);
    const [entry] = await auditRows(api, tenant.id);
    expect(entry).toMatchObject({ action: 'questions.import', target_type: 'course', target_id: courseId });
    // The exams' bank cache forgets the course, so the next draw sees the new questions.
    expect(invalidate).toHaveBeenCalledWith(tenant.id, courseId);
    invalidate.mockRestore();
  });

  it('imports an XLSX by its bytes (first sheet): numbers, formulas and rich text read as their text', async () => {
    const { courseId } = await bankCourse(api, tenant.id);
    const file = await xlsx([
      ['CORRECT', 'Text', 'answer1', 'Answer2', 'ANSWER3', 'answer4', 'difficulty', 'topic', 'explanation'],
      [2, 'كم يساوي ٦ × ٧؟', 40, 42, { formula: '40+4', result: 44 }, null, 'Hard', 'الضرب', null],
      [
        { formula: '0+1', result: 1 },
        { richText: [{ text: 'سؤال ' }, { font: { bold: true }, text: 'منسق' }] },
        'نعم',
        'لا',
        null,
        null,
        'متوسط',
        '',
        'شرح',
      ],
    ]);
    // Named .csv on purpose: the bytes decide.
    const reply = await importFile(courseId, file, 'bank.csv');
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.data).toEqual({ imported: 2 });
    expect(await questionsOf(courseId)).toEqual([
      {
        text: 'كم يساوي ٦ × ٧؟',
        answers: answersOf(['40', '42', '44'], 1),
        explanation: null,
        difficulty: 'hard',
        topic: 'الضرب',
      },
      {
        text: 'سؤال منسق',
        answers: answersOf(['نعم', 'لا'], 0),
        explanation: 'شرح',
        difficulty: 'medium',
        topic: '',
      },
    ]);
  });

  it('reports exactly the faulty rows (the header is row 1), in English and as codes, and writes nothing', async () => {
    const { courseId } = await bankCourse(api, tenant.id);
    const file = csv([
      [...BANK_COLUMNS],
      ['سؤال صحيح', 'أ', 'ب', '', '', '', '', '1', '', 'easy', ''],
      ['', 'أ', 'ب', '', '', '', '', '7', '', 'easy', ''],
      ['سؤال صحيح آخر', 'أ', 'ب', 'ج', '', '', '', '3', '', '', ''],
      ['', '', '', '', '', '', '', '', '', '', ''],
      ['سؤال', 'أ', '', 'ج', '', '', '', '3', '', 'very hard', ''],
      ['سؤال', 'أ', 'ب', '', '', '', '', '3', '', '', ''],
      ['سؤال بإجابة واحدة', 'أ', '', '', '', '', '', '1', '', '', ''],
    ]);
    const reply = await importFile(courseId, file);
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ success: false, message: 'Nothing was imported: 4 rows have errors' });
    const rows = reply.body.data.rows as BankImportErrors['rows'];
    expect(rows.map((r) => r.row)).toEqual([3, 6, 7, 8]);
    // The same problems, in the same order, as codes naming their column: the admin screen says them in Arabic.
    expect(rows.map((r) => r.problems)).toEqual([
      [{ code: 'correct-not-a-number' }, { code: 'required', column: 'text' }],
      [{ code: 'answer-gap', column: 'answer2' }, { code: 'difficulty-unknown' }],
      [{ code: 'correct-names-empty', column: 'answer3' }],
      [{ code: 'too-few-answers', limit: 2 }],
    ]);
    expect(rows[0]!.message).toBe('correct must be a number from 1 to 6; Question is required');
    expect(rows[1]!.message.split('; ')).toEqual([
      'Answers must be consecutive from answer1: answer2 is empty',
      'difficulty must be easy, medium or hard (سهل، متوسط، صعب)',
    ]);
    expect(rows[2]!.message).toBe('correct names answer3, which is empty');
    expect(rows[3]!.message).toBe('A question needs at least 2 answers');
    expect(await questionsOf(courseId)).toEqual([]);
  });

  it('refuses hostile text in rows with the form’s own rules (NUL, bidi controls, lengths)', async () => {
    const { courseId } = await bankCourse(api, tenant.id);
    const long = 'ن'.repeat(2001);
    const file = csv([
      ['text', 'answer1', 'answer2', 'correct', 'explanation', 'topic'],
      ['سؤال\u0000مخفي', 'أ', 'ب', '1', '', ''],
      ['سؤال', 'أ\u202eب', 'ب', '1', '', ''],
      ['سؤال\u2066', 'أ', 'ب', '1', 'شرح\u0007', ''],
      [long, 'أ', 'ب', '1', '', 'م'.repeat(101)],
      ['سؤال سليم', 'أ', 'ب', '1', '', ''],
    ]);
    const reply = await importFile(courseId, file);
    expect(reply.status).toBe(400);
    const rows = reply.body.data.rows as BankImportErrors['rows'];
    expect(rows.map((r) => r.row)).toEqual([2, 3, 4, 5]);
    expect(rows.map((r) => r.problems)).toEqual([
      [{ code: 'text-rule', column: 'text', rule: 'control' }],
      [{ code: 'text-rule', column: 'answer1', rule: 'invisible' }],
      [{ code: 'text-rule', column: 'explanation', rule: 'control' }],
      [
        { code: 'too-long', column: 'text', limit: 2000 },
        { code: 'too-long', column: 'topic', limit: 100 },
      ],
    ]);
    // The messages POST /Questions gives, named by column (the request text rule speaks first).
    expect(rows.map((r) => r.message)).toEqual([
      'text must not contain control characters',
      'answer1: Answer must not contain invisible formatting characters',
      'explanation must not contain control characters',
      'Question must be at most 2000 characters; Topic must be at most 100 characters',
    ]);
    expect(await questionsOf(courseId)).toEqual([]);
  });

  it('refuses what is not CSV or XLSX, a file without the needed columns, and too many rows', async () => {
    const { courseId } = await bankCourse(api, tenant.id);
    for (const bytes of [FILES.png, FILES.pdf, Buffer.from([0xff, 0xfe, 0x00, 0x41, 0xc3, 0x28])]) {
      const reply = await importFile(courseId, bytes, 'bank.csv');
      expect(reply.status).toBe(400);
      expect(reply.body.message).toBe(NOT_A_SPREADSHEET);
      expect(reply.body.data).toEqual({ file: 'not-a-spreadsheet' });
    }
    const unclosed = await importFile(courseId, Buffer.from('text,answer1,answer2,correct\r\n"س,أ,ب,1\r\n'));
    expect(unclosed.status).toBe(400);
    expect(unclosed.body.data).toMatchObject({ file: 'unreadable-csv' });
    // A zip that only looks like a workbook.
    const broken = Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(40)]);
    expect((await importFile(courseId, broken, 'bank.xlsx')).status).toBe(400);

    // A workbook whose entries claim to unpack to gigabytes is not inflated.
    const bomb = await xlsx([['text', 'answer1', 'answer2', 'correct']]);
    bomb.writeUInt32LE(0x7fffffff, bomb.indexOf('PK\x01\x02') + 24);
    const inflated = await importFile(courseId, bomb, 'bank.xlsx');
    expect(inflated.status).toBe(413);
    expect(inflated.body).toEqual(failure('Uploaded file is too large'));

    const header = await importFile(
      courseId,
      csv([
        ['text', 'answer 1', 'notes'],
        ['س', 'أ', ''],
      ]),
    );
    expect(header.status).toBe(400);
    expect(header.body.data.rows).toEqual([
      {
        row: 1,
        message: 'Unknown column "notes"; Missing columns: answer2, correct',
        problems: [
          { code: 'unknown-column', value: 'notes' },
          { code: 'missing-columns', columns: ['answer2', 'correct'] },
        ],
      },
    ]);
    const empty = await importFile(courseId, Buffer.from('\uFEFF\r\n\r\n'));
    expect(empty.status).toBe(400);
    expect(empty.body.data).toEqual({ file: 'empty' });
    const headerOnly = await importFile(courseId, csv([['text', 'answer1', 'answer2', 'correct']]));
    expect(headerOnly.status).toBe(400);
    expect(headerOnly.body.data).toEqual({ file: 'no-questions' });

    const many = csv([
      ['text', 'answer1', 'answer2', 'correct'],
      ...Array.from({ length: BANK_LIMITS.maxImportRows + 1 }, (_, i) => [`س ${i}`, 'أ', 'ب', '1']),
    ]);
    const tooMany = await importFile(courseId, many);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe(`A file may carry at most ${BANK_LIMITS.maxImportRows} questions`);
    expect(tooMany.body.data).toEqual({ file: 'too-many-rows' });

    const huge = Buffer.concat([
      csv([['text', 'answer1', 'answer2', 'correct']]),
      Buffer.alloc(BANK_LIMITS.maxImportBytes, 0x20),
    ]);
    const tooLarge = await importFile(courseId, huge);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toEqual(failure('Uploaded file is too large'));
    const none = await admin.device.call('POST', `/api/Admin/Courses/${courseId}/Questions/Import`, {
      multipart: { other: 'x' },
    });
    expect(none.status).toBe(400);
    expect(await questionsOf(courseId)).toEqual([]);
  });

  it("answers 403 to a student and 404 for another school's course", async () => {
    const { courseId } = await bankCourse(api, tenant.id);
    const file = csv([
      ['text', 'answer1', 'answer2', 'correct'],
      ['س', 'أ', 'ب', '1'],
    ]);
    const asStudent = await upload(
      api,
      student.device,
      `/api/Admin/Courses/${courseId}/Questions/Import`,
      file,
    );
    expect(asStudent.status).toBe(403);
    const foreign = await importFile(other.course.courseId, file);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(failure('Course not found.'));
    const stored = await api.db
      .selectFrom('bank_questions')
      .select('id')
      .where('course_id', 'in', [courseId, other.course.courseId])
      .execute();
    expect(stored).toEqual([]);
  });
});

describe('GET /api/Admin/Courses/{id}/Questions/Export', () => {
  async function filledCourse() {
    const { courseId } = await bankCourse(api, tenant.id);
    const specs = [
      bankQuestion('ما ناتج ٥ − ٨؟', {
        answers: ['-3', '=3', '+3', '@3', '3', '"٣", ثلاثة'],
        correct: 0,
        topic: 'الطرح',
        difficulty: 'hard',
      }),
      bankQuestion('سؤال\nبسطرين', { answers: ['نعم', 'لا'], correct: 1, explanation: 'شرح، بفاصلة' }),
      bankQuestion('سؤال ثالث', { answers: ['1', '2', '3'], correct: 2, topic: 'عام', difficulty: 'easy' }),
    ];
    for (const spec of specs) await addQuestion(admin.device, courseId, spec);
    const archived = await addQuestion(admin.device, courseId, bankQuestion('محذوف'));
    await admin.device.call('DELETE', `/api/Admin/Questions/${archived.id}`);
    return courseId;
  }

  const download = (courseId: number, format: string | null) =>
    fetch(
      `${api.baseUrl}/api/Admin/Courses/${courseId}/Questions/Export${format ? `?format=${format}` : ''}`,
      {
        headers: { 'x-tenant-id': admin.device.tenant, authorization: `Bearer ${admin.device.token}` },
      },
    );

  it('writes a CSV with a BOM and the English header that imports back into another course unchanged', async () => {
    const from = await filledCourse();
    const response = await download(from, 'csv');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="question-bank-\d+\.csv"/,
    );
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(true);
    const text = bytes.toString('utf8');
    expect(text.slice(1).split('\r\n')[0]).toBe(BANK_COLUMNS.join(','));
    // Formula-like cells are defused for Excel.
    expect(text).toContain("'=3");
    expect(text).not.toContain('محذوف');

    const { courseId: to } = await bankCourse(api, tenant.id);
    const reply = await importFile(to, bytes);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.data).toEqual({ imported: 3 });
    expect(await questionsOf(to)).toEqual(await questionsOf(from));
  });

  it('writes an XLSX (the default format is CSV) that imports back unchanged', async () => {
    const from = await filledCourse();
    const response = await download(from, 'xlsx');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers.get('content-disposition')).toMatch(/filename="question-bank-\d+\.xlsx"/);
    const bytes = Buffer.from(await response.arrayBuffer());
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, ...BANK_COLUMNS]);
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getRow(2).getCell(3).value).toBe('=3');

    const { courseId: to } = await bankCourse(api, tenant.id);
    const reply = await importFile(to, bytes, 'bank.xlsx');
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(await questionsOf(to)).toEqual(await questionsOf(from));

    const plain = await download(from, null);
    expect(plain.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect((await download(from, 'pdf')).status).toBe(400);
  });
});
