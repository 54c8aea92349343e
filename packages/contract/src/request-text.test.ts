// Property: every string field of every request schema the contract exports refuses a control
// character put anywhere in it, validated as the server validates (withRequestText in front of the
// schema); tab and newline stay accepted where the field is multi-line text; names and titles refuse
// bidi controls and piled-up combining marks through the schema alone, so the web's forms do too.
import fc from 'fast-check';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import * as contract from './index';
import { withRequestText } from './text';

const REQUEST_SCHEMA_NAME = /(Request|Query|Params|Input|Settings)$/;

/** A quiz's exam settings, as PUT sends them. */
const QUIZ_SETTINGS = {
  source: 'bank',
  draw: [{ topic: 'الجمع', difficulty: 'medium', count: 3 }],
  timeLimitMinutes: 30,
  passMark: 50,
  attemptsAllowed: 2,
  counts: 'best',
  review: 'after-deadline',
  showExplanations: true,
  opensAt: '2026-09-01T08:00:00.000Z',
  closesAt: '2026-09-01T09:00:00.000Z',
};

/** A valid example of each request schema, every optional string field filled in. */
const EXAMPLES: Record<string, Record<string, unknown>[]> = {
  RegisterRequest: [
    {
      UserName: 'مُحَمَّدٌ علي',
      Password: 'secret123',
      ConfirmPassword: 'secret123',
      Email: 'student@example.com',
      PhoneNumber: '01012345678',
      ParentPhone: '01111111111',
      AcademicYear: 'Secondary3',
      IsOnline: 'true',
    },
  ],
  LoginRequest: [{ EmailorMobile: 'student@example.com', password: 'secret123' }],
  OwnDeviceParams: [{ id: 'AbCdEfGhIjKlMnOpQr_-12' }],
  ForgotPasswordQuery: [{ email: 'student@example.com' }],
  ResetPasswordRequest: [
    { email: 'student@example.com', otp: '123456', newPassword: 'secret123', confirmPassword: 'secret123' },
  ],
  ConfirmEmailQuery: [{ token: 'abc.def' }],
  ProfileUpdateRequest: [
    {
      name: 'فَاطِمَة',
      grade: 'Secondary2',
      currentPassword: 'secret123',
      newPassword: 'secret456',
      confirmPassword: 'secret456',
    },
  ],
  CourseActiveQuery: [{ grade: 'Secondary3', pagenumber: '1', pagesize: '10' }],
  CourseIdQuery: [{ courseid: '3' }],
  IdParams: [{ id: '3' }],
  RetakeParams: [{ id: '3', userId: '41' }],
  EnrolledCoursesQuery: [{ studentId: '3', pagenumber: '1', pagesize: '10' }],
  IsEnrolledQuery: [{ studentId: '3', courseId: '4' }],
  AddCourseByCodeQuery: [{ Code: 'ABCDE-23456', StudentId: '3', courseId: '4' }],
  QuizSubmitRequest: [{ lessonId: 1, answers: [{ questionId: 2, answerId: 3 }], score: 50, notes: 'ملاحظة' }],
  EnterCodeQuery: [{ code: 'ABCDE-23456' }],
  PagingQuery: [{ pageNumber: '1', pageSize: '10' }],
  MyUnitsQuery: [
    { pageNumber: '1', pageSize: '10', search: 'الوحدة الأولى', grade: 'Secondary3', term: 'First' },
  ],
  UnitIdQuery: [{ unitId: '3' }],
  AdminSearchQuery: [{ search: 'أحمد', pageNumber: '1', pageSize: '10' }],
  AuditQuery: [
    { search: 'محاولة', actions: 'quiz.retake.grant,quiz.retake.withdraw', pageNumber: '1', pageSize: '10' },
  ],
  AdminCourseQuery: [
    { search: 'كيمياء', pageNumber: '1', pageSize: '10', grade: 'Secondary3', term: 'First', active: 'true' },
  ],
  CourseInput: [
    {
      name: 'كيمياء الصف الثالث',
      subject: 'كيمياء',
      description: 'وصف الكورس',
      price: 100,
      term: 'First',
      grade: 'Secondary3',
      active: true,
      isOpenToAll: false,
      teacherId: 1,
    },
  ],
  ActiveInput: [{ active: true }],
  UnitInput: [{ name: 'الوحدة الأولى', title: 'ٱلْحَمْدُ لِلَّهِ' }],
  OrderInput: [{ ids: [1, 2] }],
  AnswerInput: [{ text: 'نعم', isCorrect: true }],
  QuestionInput: [
    {
      text: 'ما الجواب؟',
      answers: [
        { text: 'نعم', isCorrect: true },
        { text: 'لا', isCorrect: false },
      ],
    },
  ],
  LessonInput: [
    {
      type: 'Video',
      name: 'الدرس الأول',
      titel: 'مقدمة',
      videoUrl: 'https://example.com/video',
      attachmentUrl: '/media/notes.pdf',
      attachmentTitle: 'ملخص',
      liveSessionUrl: 'https://example.com/live',
    },
    {
      type: 'Quiz',
      name: 'اختبار',
      titel: 'اختبار قصير',
      questions: [
        {
          text: 'ما الجواب؟',
          answers: [
            { text: 'نعم', isCorrect: true },
            { text: 'لا', isCorrect: false },
          ],
        },
      ],
    },
  ],
  CodeBatchInput: [{ kind: 'enrollment', courseId: 1, count: 10, label: 'دفعة يناير' }],
  CodeBatchQuery: [{ search: 'دفعة', pageNumber: '1', pageSize: '10', kind: 'unit', courseId: '2' }],
  CodeListQuery: [{ search: 'ABC', pageNumber: '1', pageSize: '10', status: 'used' }],
  DisableCodesInput: [{ codeIds: [1, 2] }],
  ManualEnrollmentInput: [{ courseId: 1 }],
  QuizResultQuery: [{ search: 'أحمد', pageNumber: '1', pageSize: '10', courseId: '1', lessonId: '2' }],
  BookActiveQuery: [{ grade: 'Secondary3', pageNumber: '1', pageSize: '10' }],
  AdminBookQuery: [{ search: 'كتاب', pageNumber: '1', pageSize: '10', grade: 'Oman7', active: 'false' }],
  BookInput: [
    { title: 'كتاب الكيمياء', grade: 'Secondary3', price: 120.5, description: 'مراجعة نهائية', active: true },
  ],
  QuizGradingSettings: [{ clientGradedQuizzes: true }],
  SiteSettings: [
    {
      name: 'مدرسة النور',
      whatsappNumber: '+20 100 123 4567',
      facebookPage: 'https://facebook.com/school',
      youtubeChannel: 'https://youtube.com/@school',
      tiktokChannel: 'https://tiktok.com/@school',
      trustedNetworks: ['196.1.2.0/24'],
    },
  ],
  BankQuestionInput: [
    {
      text: 'ما ناتج ٢ + ٢؟',
      answers: [
        { text: 'أربعة', isCorrect: true },
        { text: 'خمسة', isCorrect: false },
      ],
      explanation: 'نجمع العددين',
      difficulty: 'easy',
      topic: 'الجمع',
    },
  ],
  BankQuestionQuery: [
    { search: 'ناتج', topic: 'الجمع', difficulty: 'hard', pageNumber: '1', pageSize: '10' },
  ],
  BankExportQuery: [{ format: 'xlsx' }],
  QuizSettingsInput: [QUIZ_SETTINGS],
  // An answer (GET|PUT …/QuizSettings), named like the request schemas: the input as stored.
  QuizSettings: [
    {
      ...QUIZ_SETTINGS,
      lessonId: 1,
      exam: true,
      draw: QUIZ_SETTINGS.draw.map((rule) => ({ ...rule, available: 10 })),
      attemptCount: 0,
      submittedBefore: 0,
    },
  ],
  StartAttemptRequest: [{ lessonId: 1 }],
  SaveAnswersRequest: [{ lessonId: 1, answers: [{ questionId: 2, answerId: 3 }] }],
};

/** Multi-line text fields (textareas): tab and line breaks are part of their text. */
const MULTILINE: Record<string, string[]> = {
  CourseInput: ['description'],
  BookInput: ['description'],
  QuestionInput: ['text'],
  LessonInput: ['questions.0.text'],
  QuizSubmitRequest: ['notes'],
  BankQuestionInput: ['text', 'explanation'],
};

/** Names and titles people read back: the human text rule, through the schema itself. */
const NAMES: Record<string, string[]> = {
  RegisterRequest: ['UserName'],
  ProfileUpdateRequest: ['name'],
  CourseInput: ['name', 'subject'],
  UnitInput: ['name', 'title'],
  AnswerInput: ['text'],
  QuestionInput: ['text', 'answers.0.text'],
  LessonInput: ['name', 'titel', 'attachmentTitle', 'questions.0.text', 'questions.0.answers.1.text'],
  CodeBatchInput: ['label'],
  SiteSettings: ['name'],
  BookInput: ['title'],
  BankQuestionInput: ['text', 'answers.0.text', 'explanation', 'topic'],
  QuizSettingsInput: ['draw.0.topic'],
};

const requestSchemas = Object.entries(contract as Record<string, unknown>).filter(
  (entry): entry is [string, z.ZodType] =>
    REQUEST_SCHEMA_NAME.test(entry[0]) && entry[1] instanceof z.ZodType,
);
const schemaNamed = (name: string) => (contract as Record<string, unknown>)[name] as z.ZodType;

const CONTROLS = [
  ...Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)).filter((c) => !'\t\n\r'.includes(c)),
  '\u007f',
];
const BIDI_AND_INVISIBLE = [
  ...'\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c\u200b\ufeff',
];

type Path = string[];

/** Paths of the string values in an example. */
function stringPaths(value: unknown, path: Path = []): Path[] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((item, i) => stringPaths(item, [...path, String(i)]));
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([key, item]) => stringPaths(item, [...path, key]));
  return [];
}

/** Paths (array items as `*`) the schema's JSON Schema types as text. */
function schemaStringPaths(schema: unknown, path: Path = []): string[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const s = schema as Record<string, unknown>;
  const here: string[] = [];
  const types = Array.isArray(s.type) ? s.type : [s.type];
  if (types.includes('string') && path.length > 0) here.push(path.join('.'));
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    for (const variant of (s[key] as unknown[] | undefined) ?? [])
      here.push(...schemaStringPaths(variant, path));
  }
  for (const [key, property] of Object.entries((s.properties as Record<string, unknown>) ?? {}))
    here.push(...schemaStringPaths(property, [...path, key]));
  if (s.items) here.push(...schemaStringPaths(s.items, [...path, '*']));
  return here;
}

const generalised = (path: Path) => path.map((part) => (/^\d+$/.test(part) ? '*' : part)).join('.');

function setAt(value: unknown, path: Path, text: string): unknown {
  const copy = structuredClone(value) as Record<string, unknown>;
  let node: Record<string, unknown> = copy;
  for (const part of path.slice(0, -1)) node = node[part] as Record<string, unknown>;
  node[path.at(-1)!] = text;
  return copy;
}

function getAt(value: unknown, path: Path): string {
  let node = value as Record<string, unknown>;
  for (const part of path) node = node[part] as Record<string, unknown>;
  return node as unknown as string;
}

const insert = (text: string, char: string, at: number) => {
  const i = at % (text.length + 1);
  return text.slice(0, i) + char + text.slice(i);
};

/** Inside the text, never at an end a trim would cut. */
const insertInside = (text: string, char: string, at: number) => {
  const i = 1 + (at % (text.length - 1));
  return text.slice(0, i) + char + text.slice(i);
};

/** Every case: a schema's name, one of its examples and one string path in it. */
const fields = requestSchemas.flatMap(([name]) =>
  (EXAMPLES[name] ?? []).flatMap((example) => stringPaths(example).map((path) => ({ name, example, path }))),
);

/** The cases of a table of field paths per schema, each path found in at least one example. */
function casesOf(table: Record<string, string[]>) {
  const cases = Object.entries(table).flatMap(([name, paths]) =>
    EXAMPLES[name]!.flatMap((example) =>
      paths
        .filter((path) => stringPaths(example).some((p) => p.join('.') === path))
        .map((path) => ({ name, example, path: path.split('.') })),
    ),
  );
  const found = new Set(cases.map((c) => `${c.name} ${c.path.join('.')}`));
  expect(found.size).toBe(Object.values(table).flat().length);
  return cases;
}

describe('the request schemas of the contract', () => {
  it('each has an example, and the examples fill every string field', () => {
    expect(requestSchemas.length).toBeGreaterThan(25);
    expect(requestSchemas.map(([name]) => name).sort()).toEqual(Object.keys(EXAMPLES).sort());
    for (const [name, schema] of requestSchemas) {
      const documented = new Set(
        schemaStringPaths(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' })),
      );
      const filled = new Set(EXAMPLES[name]!.flatMap((example) => stringPaths(example).map(generalised)));
      expect(
        [...documented].filter((path) => !filled.has(path)),
        name,
      ).toEqual([]);
    }
  });

  it.each(
    Object.entries(EXAMPLES).flatMap(([name, examples]) =>
      examples.map((example) => [name, example] as const),
    ),
  )('%s accepts its example', (name, example) => {
    const result = withRequestText(schemaNamed(name)).safeParse(example);
    expect(result.error?.issues ?? []).toEqual([]);
  });

  it('refuse a NUL or another control character anywhere in any string field, naming the field', () => {
    expect(fields.length).toBeGreaterThan(60);
    const refused = (name: string, value: unknown) =>
      !withRequestText(schemaNamed(name)).safeParse(value).success;
    for (const { name, example, path } of fields) {
      expect(refused(name, setAt(example, path, `${getAt(example, path)}\u0000`)), path.join('.')).toBe(true);
    }
    fc.assert(
      fc.property(
        fc.constantFrom(...fields),
        fc.constantFrom(...CONTROLS),
        fc.nat(),
        ({ name, example, path }, control, at) => {
          const poisoned = setAt(example, path, insert(getAt(example, path), control, at));
          const result = withRequestText(schemaNamed(name)).safeParse(poisoned);
          expect(result.success).toBe(false);
          const issues = result.error!.issues.map((issue) => ({
            path: issue.path.map(String),
            message: issue.message,
          }));
          expect(issues).toEqual([
            { path, message: `${path.join('.')} must not contain control characters` },
          ]);
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('accept tab and newline inside multi-line text', () => {
    const cases = casesOf(MULTILINE);
    fc.assert(
      fc.property(
        fc.constantFrom(...cases),
        fc.constantFrom('\t', '\n', '\r\n', '\n\n\t'),
        fc.nat(),
        (c, lines, at) => {
          const text = insertInside(getAt(c.example, c.path), lines, at);
          const result = withRequestText(schemaNamed(c.name)).safeParse(setAt(c.example, c.path, text));
          expect(result.error?.issues ?? []).toEqual([]);
        },
      ),
    );
  });

  it('refuse bidi controls, invisible characters, line breaks and piled-up marks in names and titles', () => {
    const cases = casesOf(NAMES);
    const singleLine = (c: (typeof cases)[number]) => !(MULTILINE[c.name] ?? []).includes(c.path.join('.'));
    const hostile = fc.oneof(
      fc.constantFrom(...BIDI_AND_INVISIBLE),
      fc.integer({ min: 4, max: 60 }).map((n) => '\u0301'.repeat(n)),
      fc.integer({ min: 4, max: 10 }).map((n) => 'ّ'.repeat(n)),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...cases),
        fc.oneof(hostile, fc.constantFrom('\n', '\t')),
        fc.nat(),
        (c, bad, at) => {
          if (/^[\t\n]$/.test(bad) && !singleLine(c)) return;
          // The schema alone refuses it (as the web's forms parse), naming the field's top-level key.
          const result = schemaNamed(c.name).safeParse(
            setAt(c.example, c.path, insertInside(getAt(c.example, c.path), bad, at)),
          );
          expect(result.success).toBe(false);
          expect(result.error!.issues.map((issue) => issue.path[0])).toContain(c.path[0]);
        },
      ),
      { numRuns: 1_000 },
    );
  });
});
