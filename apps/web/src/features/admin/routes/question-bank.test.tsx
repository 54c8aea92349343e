import type { BankQuestion } from '@app/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { envelope, sentJson, type Call } from '../../../../test/fetch';
import { callsTo, fakeAdminApi } from '../testing/fake-api';
import { courseDetail, page } from '../testing/fixtures';
import { renderAdmin } from '../testing/render-admin';

const LIST = 'GET /api/Admin/Courses/9/Questions';
const TOPICS = 'GET /api/Admin/Courses/9/QuestionTopics';

const question = (over: Partial<BankQuestion> = {}): BankQuestion => ({
  id: 31,
  courseId: 9,
  text: 'ما ناتج احتراق الميثان؟',
  imagePath: null,
  explanation: null,
  difficulty: 'easy',
  topic: 'الهيدروكربونات',
  answers: [
    { text: 'ماء فقط', isCorrect: false },
    { text: 'ثاني أكسيد الكربون وماء', isCorrect: true },
  ],
  timesDrawn: 0,
  answersLocked: false,
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

const drawnQuestion = question({
  id: 32,
  text: 'ما الصيغة العامة للألكانات؟',
  difficulty: 'hard',
  topic: 'الألكانات',
  imagePath: 'http://localhost/api/files/images/7-a.png',
  answers: [
    { text: 'CnH2n', isCorrect: false },
    { text: 'CnH2n+2', isCorrect: true },
    { text: 'CnH2n-2', isCorrect: false },
  ],
  timesDrawn: 12,
  answersLocked: true,
});

function renderBank(answers: Record<string, unknown> = {}, url = '/admin/courses/9/questions') {
  const calls = fakeAdminApi({
    'GET /api/Admin/Courses/9': courseDetail({ id: 9, name: 'الكيمياء العضوية' }),
    [LIST]: { ...page({ totalCount: 2 }), questions: [question(), drawnQuestion] },
    [TOPICS]: [
      { topic: 'الألكانات', easy: 0, medium: 0, hard: 1 },
      { topic: 'الهيدروكربونات', easy: 1, medium: 0, hard: 0 },
    ],
    ...answers,
  });
  return { calls, ...renderAdmin(url) };
}

describe('the admin’s question bank', () => {
  it('is linked from the course editor', async () => {
    renderBank({}, '/admin/courses/9');
    expect(await screen.findByRole('link', { name: 'بنك الأسئلة' })).toHaveAttribute(
      'href',
      '/admin/courses/9/questions',
    );
  });

  it('lists the questions with topic, difficulty, correct answer, image and draws; filters go to the API', async () => {
    const { calls, user } = renderBank();
    expect(await screen.findByRole('heading', { name: 'بنك الأسئلة: الكيمياء العضوية' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /العودة إلى الكورس/ })).toHaveAttribute(
      'href',
      '/admin/courses/9',
    );
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('ما ناتج احتراق الميثان؟');
    expect(rows[0]).toHaveTextContent('الهيدروكربونات');
    expect(rows[0]).toHaveTextContent('سهل');
    expect(rows[0]).toHaveTextContent('ثاني أكسيد الكربون وماء');
    expect(rows[0]).not.toHaveTextContent('سُحب');
    expect(within(rows[0]!).queryByRole('img')).not.toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('صعب');
    expect(rows[1]).toHaveTextContent('CnH2n+2');
    expect(rows[1]).toHaveTextContent('سُحب في ١٢ محاولة');
    expect(within(rows[1]!).getByRole('img', { name: 'للسؤال صورة' })).toHaveAttribute(
      'src',
      drawnQuestion.imagePath,
    );

    await user.selectOptions(screen.getByRole('combobox', { name: 'الموضوع' }), 'الألكانات');
    await user.selectOptions(screen.getByRole('combobox', { name: 'الصعوبة' }), 'hard');
    await user.type(screen.getByRole('searchbox', { name: 'ابحث في نص السؤال' }), 'الصيغة');
    await user.click(screen.getByRole('button', { name: 'بحث' }));
    await waitFor(() => {
      const last = callsTo(calls, LIST).at(-1)!;
      expect(Object.fromEntries(last.url.searchParams)).toEqual({
        topic: 'الألكانات',
        difficulty: 'hard',
        search: 'الصيغة',
        pageNumber: '1',
      });
    });
  });

  it('refuses a new question without its text or a correct answer, in Arabic, sending nothing', async () => {
    const { calls, user } = renderBank();
    await user.click(await screen.findByRole('button', { name: 'سؤال جديد' }));
    const dialog = await screen.findByRole('dialog', { name: 'إضافة سؤال' });
    await user.click(within(dialog).getByRole('button', { name: 'إضافة السؤال' }));
    expect(within(dialog).getByLabelText('نص السؤال')).toHaveAccessibleDescription('يجب إدخال نص السؤال');
    expect(within(dialog).getByRole('group', { name: 'الإجابات' })).toHaveAccessibleDescription(
      'اختر إجابة صحيحة واحدة بالضبط',
    );
    expect(within(dialog).getByLabelText('الإجابة ١')).toHaveAccessibleDescription('يجب إدخال نص الإجابة');
    expect(callsTo(calls, 'POST /api/Admin/Courses/9/Questions')).toHaveLength(0);
  });

  it('writes a new question as the contract’s body; the list and topic counts reload', async () => {
    const { calls, user } = renderBank({
      'POST /api/Admin/Courses/9/Questions': (call: Call) =>
        envelope(200, 'Question added', question({ id: 40, ...(sentJson(call) as object) })),
    });
    await user.click(await screen.findByRole('button', { name: 'سؤال جديد' }));
    const dialog = await screen.findByRole('dialog', { name: 'إضافة سؤال' });
    await user.type(within(dialog).getByLabelText('نص السؤال'), ' س؟ ');
    await user.type(within(dialog).getByLabelText('الإجابة ١'), 'أ');
    await user.type(within(dialog).getByLabelText('الإجابة ٢'), 'ب');
    await user.click(within(dialog).getByRole('button', { name: /إضافة إجابة/ }));
    await user.type(within(dialog).getByLabelText('الإجابة ٣'), 'ج');
    await user.click(within(dialog).getByRole('radio', { name: 'الإجابة ٢ صحيحة' }));
    await user.selectOptions(within(dialog).getByLabelText('الصعوبة'), 'hard');
    await user.type(within(dialog).getByLabelText('الموضوع'), 'ك');
    const listReads = callsTo(calls, LIST).length;
    const topicReads = callsTo(calls, TOPICS).length;
    await user.click(within(dialog).getByRole('button', { name: 'إضافة السؤال' }));

    expect(await screen.findByText('أُضيف السؤال.')).toBeInTheDocument();
    expect(sentJson(callsTo(calls, 'POST /api/Admin/Courses/9/Questions')[0])).toEqual({
      text: 'س؟',
      answers: [
        { text: 'أ', isCorrect: false },
        { text: 'ب', isCorrect: true },
        { text: 'ج', isCorrect: false },
      ],
      explanation: null,
      difficulty: 'hard',
      topic: 'ك',
    });
    await waitFor(() => expect(callsTo(calls, LIST).length).toBeGreaterThan(listReads));
    await waitFor(() => expect(callsTo(calls, TOPICS).length).toBeGreaterThan(topicReads));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  }, 15_000);

  it('keeps a drawn question’s answers read-only and says why; its text can still change', async () => {
    const { calls, user } = renderBank({
      'PUT /api/Admin/Questions/32': (call: Call) =>
        envelope(200, 'Question saved', { ...drawnQuestion, ...(sentJson(call) as object) }),
    });
    await user.click(
      await screen.findByRole('button', { name: 'تعديل السؤال «ما الصيغة العامة للألكانات؟»' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'تعديل السؤال' });
    const answers = within(dialog).getByRole('group', { name: 'الإجابات' });
    expect(answers).toHaveAccessibleDescription(/سُحب هذا السؤال في ١٢ محاولة، فلا يمكن تغيير إجاباته/);
    for (const input of within(answers).getAllByRole('textbox')) expect(input).toHaveAttribute('readonly');
    for (const radio of within(answers).getAllByRole('radio')) expect(radio).toBeDisabled();
    expect(within(answers).getByRole('radio', { name: 'الإجابة ٢ صحيحة' })).toBeChecked();
    expect(within(answers).queryByRole('button', { name: /إضافة إجابة/ })).not.toBeInTheDocument();
    expect(within(answers).queryByRole('button', { name: /حذف الإجابة/ })).not.toBeInTheDocument();

    const text = within(dialog).getByLabelText('نص السؤال');
    await user.clear(text);
    await user.type(text, 'س؟');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ' }));
    expect(await screen.findByText('حُفظ السؤال.')).toBeInTheDocument();
    expect(sentJson(callsTo(calls, 'PUT /api/Admin/Questions/32')[0])).toMatchObject({
      text: 'س؟',
      answers: drawnQuestion.answers,
    });
  });

  it('keeps the answers read-only when a start drew the question but stored no attempt (0 times)', async () => {
    const { user } = renderBank({
      [LIST]: { ...page({ totalCount: 1 }), questions: [question({ answersLocked: true })] },
    });
    await user.click(await screen.findByRole('button', { name: 'تعديل السؤال «ما ناتج احتراق الميثان؟»' }));
    const dialog = await screen.findByRole('dialog', { name: 'تعديل السؤال' });
    const answers = within(dialog).getByRole('group', { name: 'الإجابات' });
    expect(answers).toHaveAccessibleDescription(/^سُحب هذا السؤال لاختبار، فلا يمكن تغيير إجاباته\. /);
    for (const radio of within(answers).getAllByRole('radio')) expect(radio).toBeDisabled();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'حذف السؤال «ما ناتج احتراق الميثان؟»' }));
    expect(await screen.findByRole('dialog', { name: 'حذف السؤال' })).toHaveTextContent(
      'سُحب «ما ناتج احتراق الميثان؟» لاختبار من قبل: سيُخفى من البنك ولن يُسحب بعد الآن',
    );
  });

  it('says the server’s 409 on a drawn question in Arabic', async () => {
    const { user } = renderBank({
      'PUT /api/Admin/Questions/31': () => envelope(409, 'The answers of a drawn question cannot change'),
    });
    await user.click(await screen.findByRole('button', { name: 'تعديل السؤال «ما ناتج احتراق الميثان؟»' }));
    const dialog = await screen.findByRole('dialog', { name: 'تعديل السؤال' });
    await user.click(within(dialog).getByRole('radio', { name: 'الإجابة ١ صحيحة' }));
    await user.click(within(dialog).getByRole('button', { name: 'حفظ' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'سُحب هذا السؤال في محاولة، فلا يمكن تغيير إجاباته.',
    );
  });

  it('imports a file: a refusal lists the faulty rows in Arabic; a success says how many and reloads the list', async () => {
    let refusal: Response | null = envelope(400, 'Nothing was imported: 3 rows have errors', {
      rows: [
        {
          row: 1,
          message: 'Unknown column "notes"; Missing columns: answer2, correct',
          problems: [
            { code: 'unknown-column', value: 'notes' },
            { code: 'missing-columns', columns: ['answer2', 'correct'] },
          ],
        },
        {
          row: 3,
          message: 'correct must be a number from 1 to 6; Question is required',
          problems: [{ code: 'correct-not-a-number' }, { code: 'required', column: 'text' }],
        },
        {
          row: 12,
          message:
            'answer1: Answer must not contain invisible formatting characters; Topic must be at most 100 characters',
          problems: [
            { code: 'text-rule', column: 'answer1', rule: 'invisible' },
            { code: 'too-long', column: 'topic', limit: 100 },
          ],
        },
      ],
    });
    const { calls, user } = renderBank({
      'POST /api/Admin/Courses/9/Questions/Import': () =>
        refusal ?? envelope(200, '12 questions imported', { imported: 12 }),
    });
    await user.click(await screen.findByRole('button', { name: 'استيراد' }));
    const dialog = await screen.findByRole('dialog', { name: 'استيراد أسئلة من ملف' });
    expect(dialog).toHaveTextContent('السؤال، الإجابة ١، الإجابة ٢');
    expect(within(dialog).getByRole('link', { name: 'تنزيل ملف فارغ بالأعمدة' })).toHaveAttribute(
      'download',
      'question-bank-template.csv',
    );
    const file = new File(['text,answer1\n'], 'bank.csv', { type: 'text/csv' });
    await user.upload(within(dialog).getByLabelText('ملف الأسئلة (CSV أو Excel)'), file);
    await user.click(within(dialog).getByRole('button', { name: 'استيراد' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('لم يُستورد شيء');
    // Said from the codes, naming the columns as the file's Arabic header does; never the English.
    const items = within(alert).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'الصف ١: عمود غير معروف «notes»؛ أعمدة ناقصة: «الإجابة ٢»، «الصحيحة»',
      'الصف ٣: «الصحيحة» رقم من ١ إلى ٦؛ يجب إدخال «السؤال»',
      'الصف ١٢: «الإجابة ١»: يحتوي على رموز تنسيق غير مرئية (مثل علامات اتجاه النص)؛ «الموضوع»: الحد الأقصى ١٠٠ حرف',
    ]);
    // No Latin words but the unknown column's own name, which the teacher typed.
    expect(alert.textContent.replace('notes', '')).not.toMatch(/[a-z]/i);
    const sent = callsTo(calls, 'POST /api/Admin/Courses/9/Questions/Import')[0]!.body as FormData;
    expect((sent.get('file') as File).name).toBe('bank.csv');

    // A whole file refused says why in Arabic too.
    refusal = envelope(400, 'A file may carry at most 2000 questions', { file: 'too-many-rows' });
    await user.click(within(dialog).getByRole('button', { name: 'استيراد' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        'لم يُستورد شيء: في الملف أكثر من ٢٠٠٠ سؤال: قسّمه إلى ملفات أصغر.',
      ),
    );

    refusal = null;
    const listReads = callsTo(calls, LIST).length;
    await user.click(within(dialog).getByRole('button', { name: 'استيراد' }));
    expect(await screen.findByText('تم استيراد ١٢ سؤالًا')).toBeInTheDocument();
    await waitFor(() => expect(callsTo(calls, LIST).length).toBeGreaterThan(listReads));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('exports the bank as CSV and as Excel with the admin’s token, as files', async () => {
    const { calls, user } = renderBank({
      'GET /api/Admin/Courses/9/Questions/Export': () =>
        new Response('text\n', { status: 200, headers: { 'Content-Type': 'text/csv' } }),
    });
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:bank'), revokeObjectURL: vi.fn() });
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    await user.click(await screen.findByRole('button', { name: 'تصدير CSV' }));
    await vi.waitFor(() => expect(clicks).toEqual(['question-bank-9.csv']));
    await user.click(screen.getByRole('button', { name: 'تصدير Excel' }));
    await vi.waitFor(() => expect(clicks).toEqual(['question-bank-9.csv', 'question-bank-9.xlsx']));
    const exports = callsTo(calls, 'GET /api/Admin/Courses/9/Questions/Export');
    expect(exports.map((call) => call.url.searchParams.get('format'))).toEqual(['csv', 'xlsx']);
    expect(exports[0]!.headers.get('Authorization')).toBe('Bearer test-access-token');
  });
});
