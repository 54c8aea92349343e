// Issue 20: a quiz lesson's «إعدادات الاختبار» — a plain quiz's defaults, a timed exam drawn from the
// bank by two rules, the attempts-counting choice only with more than one attempt, the exam switch
// locked once students have attempted it, and the server's refusal of a rule shown at that rule.
import type { QuizSettings } from '@app/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, sentJson } from '../../../../test/fetch';
import { callsTo, fakeAdminApi } from '../testing/fake-api';
import { adminLesson, quizSettings } from '../testing/fixtures';
import { renderAdmin } from '../testing/render-admin';

const LESSON = 62;
const COURSE = 9;
const SETTINGS = `/api/Admin/Lessons/${LESSON}/QuizSettings`;

const PLAIN = quizSettings({ lessonId: LESSON });

const TOPICS = [
  { topic: 'الألكانات', easy: 4, medium: 3, hard: 1 },
  { topic: '', easy: 2, medium: 0, hard: 5 },
];

/** The server's settings: as given, then as the last PUT saved them (the draw's counts left out). */
function renderPanel(settings: Partial<QuizSettings> = {}, extra: Record<string, unknown> = {}) {
  let current: QuizSettings = { ...PLAIN, ...settings };
  const calls = fakeAdminApi({
    [`GET /api/Admin/Lessons/${LESSON}`]: adminLesson({
      id: LESSON,
      courseId: COURSE,
      name: 'اختبار الوحدة',
    }),
    [`GET ${SETTINGS}`]: () => envelope(200, null, current),
    [`GET /api/Admin/Courses/${COURSE}/QuestionTopics`]: TOPICS,
    [`PUT ${SETTINGS}`]: (call: { body: unknown }) => {
      current = { ...current, ...(JSON.parse(String(call.body)) as object), exam: true, draw: [] };
      return envelope(200, null, current);
    },
    ...extra,
  });
  return { calls, ...renderAdmin(`/admin/lessons/${LESSON}`) };
}

const panel = async () => screen.findByRole('region', { name: 'إعدادات الاختبار' });

describe('Quiz lesson: exam settings', () => {
  it("loads a plain quiz's defaults, the switch off and the form hidden until it is switched on", async () => {
    const { user } = renderPanel();
    const region = await panel();
    const examSwitch = await within(region).findByRole('switch', { name: 'اختبار بإعدادات' });
    expect(examSwitch).not.toBeChecked();
    expect(examSwitch).toBeEnabled();
    expect(within(region).queryByRole('form')).not.toBeInTheDocument();
    expect(within(region).getByRole('link', { name: 'إحصاءات الاختبار' })).toHaveAttribute(
      'href',
      `/admin/lessons/${LESSON}/statistics`,
    );

    await user.click(examSwitch);
    expect(
      within(region).getByText('لم تُحفظ بعد: يبقى الاختبار عاديًا حتى تحفظ إعداداته.'),
    ).toBeInTheDocument();
    const form = within(region).getByRole('form', { name: 'إعدادات الاختبار' });
    expect(within(form).getByRole('radio', { name: 'الأسئلة المكتوبة في الدرس' })).toBeChecked();
    expect(within(form).getByLabelText('مدة الاختبار بالدقائق')).toHaveValue(null);
    expect(within(form).getByLabelText('درجة النجاح (٪)')).toHaveValue(null);
    expect(within(form).getByLabelText('عدد المحاولات المسموح بها')).toHaveValue(1);
    expect(within(form).getByRole('radio', { name: 'بعد التسليم مباشرة' })).toBeChecked();
    expect(within(form).getByLabelText('عرض شرح كل سؤال في المراجعة')).not.toBeChecked();
    expect(within(form).getByLabelText('موعد فتح الاختبار')).toHaveValue('');
    expect(within(form).getByLabelText('موعد فتح الاختبار')).toHaveAccessibleDescription(
      /لامتحان يبدؤه الصف معًا حدّد موعده: يُفتح للجميع في الدقيقة نفسها، وتستعد له المنصة قبلها/,
    );
    expect(within(form).queryByText('قواعد السحب')).not.toBeInTheDocument();
  });

  it('saves a timed exam drawn from the bank by two rules, with the available counts and the total', async () => {
    const { calls, user } = renderPanel();
    const region = await panel();
    await user.click(await within(region).findByRole('switch', { name: 'اختبار بإعدادات' }));
    const form = within(region).getByRole('form', { name: 'إعدادات الاختبار' });
    await user.click(within(form).getByRole('radio', { name: 'سحب من بنك الأسئلة' }));

    const rules = await within(form).findByRole('group', { name: 'قواعد السحب' });
    const first = within(rules).getByRole('group', { name: 'القاعدة ١' });
    const topic = within(first).getByLabelText('الموضوع');
    await waitFor(() =>
      expect(
        within(topic)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['أي موضوع', 'الألكانات', 'بلا موضوع']),
    );
    await user.selectOptions(topic, 'الألكانات');
    await user.selectOptions(within(first).getByLabelText('الصعوبة'), 'سهل');
    expect(within(first).getByText('متاح: ٤')).toBeInTheDocument();
    await user.type(within(first).getByLabelText('عدد الأسئلة'), '3');

    await user.click(within(rules).getByRole('button', { name: /إضافة قاعدة/ }));
    const second = within(rules).getByRole('group', { name: 'القاعدة ٢' });
    // Any of the 15 questions, but the first rule may take 3 of them.
    expect(within(second).getByText('متاح: ١٢')).toBeInTheDocument();
    await user.selectOptions(within(second).getByLabelText('الصعوبة'), 'صعب');
    expect(within(second).getByText('متاح: ٦')).toBeInTheDocument();
    await user.type(within(second).getByLabelText('عدد الأسئلة'), '2');
    expect(within(rules).getByText('مجموع الأسئلة في كل محاولة: ٥')).toBeInTheDocument();

    await user.type(within(form).getByLabelText('مدة الاختبار بالدقائق'), '45');
    await user.type(within(form).getByLabelText('درجة النجاح (٪)'), '60');
    const attempts = within(form).getByLabelText('عدد المحاولات المسموح بها');
    await user.clear(attempts);
    await user.type(attempts, '3');
    await user.click(within(form).getByRole('radio', { name: 'آخر محاولة' }));
    await user.click(within(form).getByRole('radio', { name: 'بعد انتهاء موعد الاختبار' }));
    await user.click(within(form).getByLabelText('عرض شرح كل سؤال في المراجعة'));
    fireEvent.change(within(form).getByLabelText('موعد فتح الاختبار'), {
      target: { value: '2026-12-01T09:00' },
    });
    fireEvent.change(within(form).getByLabelText('موعد إغلاق الاختبار'), {
      target: { value: '2026-12-01T11:30' },
    });
    await user.click(within(form).getByRole('button', { name: 'حفظ إعدادات الاختبار' }));

    await waitFor(() => expect(callsTo(calls, `PUT ${SETTINGS}`)).toHaveLength(1));
    expect(sentJson(callsTo(calls, `PUT ${SETTINGS}`)[0])).toEqual({
      source: 'bank',
      draw: [
        { topic: 'الألكانات', difficulty: 'easy', count: 3 },
        { topic: null, difficulty: 'hard', count: 2 },
      ],
      timeLimitMinutes: 45,
      passMark: 60,
      attemptsAllowed: 3,
      counts: 'last',
      review: 'after-deadline',
      showExplanations: true,
      opensAt: new Date('2026-12-01T09:00').toISOString(),
      closesAt: new Date('2026-12-01T11:30').toISOString(),
    });
    expect(await within(form).findByText('حُفظت إعدادات الاختبار.')).toBeInTheDocument();
    expect(within(region).queryByText(/لم تُحفظ بعد/)).not.toBeInTheDocument();
    // A long form filled key by key: more than the default 5 s on a loaded machine.
  }, 20_000);

  it('asks which attempt counts only when more than one attempt is allowed', async () => {
    const { user } = renderPanel({ exam: true, timeLimitMinutes: 30 });
    const form = await within(await panel()).findByRole('form', { name: 'إعدادات الاختبار' });
    expect(within(form).getByLabelText('مدة الاختبار بالدقائق')).toHaveValue(30);
    expect(within(form).queryByRole('group', { name: 'تُحتسب' })).not.toBeInTheDocument();
    const attempts = within(form).getByLabelText('عدد المحاولات المسموح بها');
    await user.clear(attempts);
    await user.type(attempts, '2');
    const counts = within(form).getByRole('group', { name: 'تُحتسب' });
    expect(within(counts).getByRole('radio', { name: 'أعلى درجة' })).toBeChecked();
    expect(within(counts).getByRole('radio', { name: 'آخر محاولة' })).not.toBeChecked();
    await user.clear(attempts);
    await user.type(attempts, '1');
    expect(within(form).queryByRole('group', { name: 'تُحتسب' })).not.toBeInTheDocument();
  });

  it('keeps the exam switch on and disabled, saying why, once students have attempted it', async () => {
    const { calls } = renderPanel({ exam: true, attemptsAllowed: 2, attemptCount: 7 });
    const region = await panel();
    const examSwitch = await within(region).findByRole('switch', { name: 'اختبار بإعدادات' });
    expect(examSwitch).toBeChecked();
    expect(examSwitch).toBeDisabled();
    expect(examSwitch).toHaveAccessibleDescription(/بدأ طلاب محاولات في هذا الاختبار/);
    expect(within(region).getByText('محاولات الطلاب حتى الآن: ٧')).toBeInTheDocument();
    expect(within(region).getByRole('form', { name: 'إعدادات الاختبار' })).toBeInTheDocument();
    expect(callsTo(calls, `DELETE ${SETTINGS}`)).toHaveLength(0);
  });

  it('warns, before saving, that a new pass mark re-decides the results students already have', async () => {
    const { user } = renderPanel({ exam: true, passMark: 60, attemptCount: 3 });
    const form = await screen.findByRole('form', { name: 'إعدادات الاختبار' });
    const warning = /^تغيير درجة النجاح يعيد الحكم على نتائج من قدّموا الاختبار من قبل/;
    expect(within(form).queryByText(warning)).not.toBeInTheDocument();
    const mark = within(form).getByRole('spinbutton', { name: 'درجة النجاح (٪)' });
    await user.clear(mark);
    await user.type(mark, '80');
    expect(within(form).getByText(warning)).toHaveAttribute('role', 'status');
    await user.clear(mark);
    await user.type(mark, '60');
    expect(within(form).queryByText(warning)).not.toBeInTheDocument();
  });

  it('does not warn of a new pass mark while nobody has a result', async () => {
    const { user } = renderPanel({ exam: true, passMark: 60 });
    const form = await screen.findByRole('form', { name: 'إعدادات الاختبار' });
    const mark = within(form).getByRole('spinbutton', { name: 'درجة النجاح (٪)' });
    await user.clear(mark);
    await user.type(mark, '80');
    expect(within(form).getByRole('spinbutton', { name: 'درجة النجاح (٪)' })).toHaveValue(80);
    expect(within(form).queryByText(/يعيد الحكم على نتائج/)).not.toBeInTheDocument();
  });

  it('tells the admin, once switched on, that students who took the quiz before have used attempt 1', async () => {
    const { user } = renderPanel({ submittedBefore: 12 });
    const region = await panel();
    const told = /طلاب قدّموه قبل أن تُضاف إعداداته: ١٢\. نتيجة كلٍّ منهم تُحسب محاولته الأولى/;
    expect(within(region).queryByText(told)).not.toBeInTheDocument();
    await user.click(await within(region).findByRole('switch', { name: 'اختبار بإعدادات' }));
    expect(within(region).getByText(told)).toBeInTheDocument();
  });

  it('turns a saved exam back into a plain quiz with DELETE while nobody has attempted it', async () => {
    let settings: QuizSettings = { ...PLAIN, exam: true, timeLimitMinutes: 20 };
    const { calls, user } = renderPanel(
      {},
      {
        [`GET ${SETTINGS}`]: () => envelope(200, null, settings),
        [`DELETE ${SETTINGS}`]: () => {
          settings = PLAIN;
          return envelope(200, null, PLAIN);
        },
      },
    );
    const region = await panel();
    const examSwitch = await within(region).findByRole('switch', { name: 'اختبار بإعدادات' });
    expect(examSwitch).toBeChecked();
    await user.click(examSwitch);
    const dialog = await screen.findByRole('dialog', { name: 'إعادته اختبارًا عاديًا؟' });
    expect(callsTo(calls, `DELETE ${SETTINGS}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'إعادته اختبارًا عاديًا' }));
    await waitFor(() => expect(callsTo(calls, `DELETE ${SETTINGS}`)).toHaveLength(1));
    expect(await within(region).findByText('عاد الاختبار اختبارًا عاديًا بمحاولة واحدة.')).toBeInTheDocument();
    expect(within(region).getByRole('switch', { name: 'اختبار بإعدادات' })).not.toBeChecked();
    expect(within(region).queryByRole('form')).not.toBeInTheDocument();
  });

  it("shows the server's refusal of a rule the bank cannot fill at that rule's count", async () => {
    const { user } = renderPanel(
      {
        exam: true,
        source: 'bank',
        draw: [{ topic: 'الألكانات', difficulty: 'hard', count: 1, available: 1 }],
      },
      {
        [`PUT ${SETTINGS}`]: () =>
          envelope(400, 'Draw rule 1 asks for 9 questions; the bank has 1 that match'),
      },
    );
    const form = await within(await panel()).findByRole('form', { name: 'إعدادات الاختبار' });
    const count = within(form).getByLabelText('عدد الأسئلة');
    expect(count).toHaveValue(1);
    await user.clear(count);
    await user.type(count, '9');
    await user.click(within(form).getByRole('button', { name: 'حفظ إعدادات الاختبار' }));
    await waitFor(() =>
      expect(count).toHaveAccessibleDescription('البنك فيه ١ فقط من الأسئلة المطابقة لهذه القاعدة.'),
    );
  });

  it('says at the source when a quiz with no questions of its own cannot use them', async () => {
    const { user } = renderPanel(
      { exam: true },
      {
        [`PUT ${SETTINGS}`]: () =>
          envelope(
            400,
            'This quiz has no questions of its own: add questions to it, or draw its questions from the bank',
          ),
      },
    );
    const form = await within(await panel()).findByRole('form', { name: 'إعدادات الاختبار' });
    await user.click(within(form).getByRole('button', { name: 'حفظ إعدادات الاختبار' }));
    const source = within(form).getByRole('group', { name: 'مصدر الأسئلة' });
    expect(await within(source).findByRole('alert')).toHaveTextContent('ليس في هذا الدرس أسئلة مكتوبة');
  });

  it('checks the numbers and times before sending', async () => {
    const { calls, user } = renderPanel({ exam: true });
    const form = await within(await panel()).findByRole('form', { name: 'إعدادات الاختبار' });
    await user.type(within(form).getByLabelText('درجة النجاح (٪)'), '150');
    fireEvent.change(within(form).getByLabelText('موعد فتح الاختبار'), {
      target: { value: '2026-12-02T09:00' },
    });
    fireEvent.change(within(form).getByLabelText('موعد إغلاق الاختبار'), {
      target: { value: '2026-12-01T09:00' },
    });
    await user.click(within(form).getByRole('button', { name: 'حفظ إعدادات الاختبار' }));
    expect(await within(form).findByText('درجة النجاح عدد صحيح من ٠ إلى ١٠٠')).toBeInTheDocument();
    expect(within(form).getByText('يجب أن يكون موعد الإغلاق بعد موعد الفتح')).toBeInTheDocument();
    expect(callsTo(calls, `PUT ${SETTINGS}`)).toHaveLength(0);
  });
});
