// Issue 20: «إحصاءات الاختبار» — the summary, the score distribution (bars and its table), each
// question's share of correct answers and most chosen wrong answer (hardest first on request), the
// students who have not attempted it and those below the pass mark with no attempt left, the CSV, and
// the links that lead here.
import type { QuizStatistics } from '@app/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { envelope } from '../../../../test/fetch';
import { callsTo, fakeAdminApi } from '../testing/fake-api';
import { renderAdmin } from '../testing/render-admin';

const LESSON = 62;
const STATS = `/api/Admin/Lessons/${LESSON}/QuizStatistics`;

const COUNTS = [0, 0, 1, 0, 1, 2, 1, 1, 1, 5];
const FIXTURE: QuizStatistics = {
  lessonId: LESSON,
  lessonName: 'اختبار الوحدة الأولى',
  distribution: COUNTS.map((count, band) => ({
    from: band * 10,
    to: band === 9 ? 100 : band * 10 + 9,
    count,
  })),
  submitted: 12,
  averageScore: 71.5,
  passedCount: 8,
  questions: [
    {
      questionId: 1,
      source: 'bank',
      text: 'ما الصيغة العامة للألكانات؟',
      answered: 12,
      correctPercent: 92,
      mostChosenWrong: { text: 'CnH2n', count: 1 },
    },
    {
      questionId: 2,
      source: 'bank',
      text: 'كم عدد أيزومرات البنتان؟',
      answered: 12,
      correctPercent: 25,
      mostChosenWrong: { text: 'اثنان', count: 7 },
    },
    {
      questionId: 3,
      source: 'bank',
      text: 'سؤال لم يُسحب بعد',
      answered: 0,
      correctPercent: null,
      mostChosenWrong: null,
    },
    {
      questionId: 4,
      source: 'bank',
      text: 'ما اسم CH4؟',
      answered: 11,
      correctPercent: 100,
      mostChosenWrong: null,
    },
  ],
  notAttempted: [
    { id: 41, name: 'سارة محمود', phoneNumber: '01012345678' },
    { id: 42, name: 'عمر خالد', phoneNumber: '01198765432' },
    { id: 43, name: 'ليلى حسن', phoneNumber: '01234567890' },
  ],
  lockedOut: [
    { id: 44, name: 'نور علي', phoneNumber: '01011112222', score: 35, reason: 'no-attempts-left' },
    { id: 45, name: 'ياسين فؤاد', phoneNumber: '01522223333', score: 50, reason: 'exam-closed' },
  ],
  retakePending: [],
};

function renderStats(stats: Partial<QuizStatistics> = {}, extra: Record<string, unknown> = {}) {
  const calls = fakeAdminApi({ [`GET ${STATS}`]: { ...FIXTURE, ...stats }, ...extra });
  return { calls, ...renderAdmin(`/admin/lessons/${LESSON}/statistics`) };
}

const RETAKE = `/api/Admin/Lessons/${LESSON}/Students/44/Retake`;

/** FIXTURE once نور علي (44) was given a retake: out of the locked-out list, waiting to start it. */
const GRANTED: QuizStatistics = {
  ...FIXTURE,
  lockedOut: FIXTURE.lockedOut.slice(1),
  retakePending: [{ id: 44, name: 'نور علي', phoneNumber: '01011112222', score: 35 }],
};

/**
 * The statistics with a server that remembers one retake of student 44 (نور علي): granted, they leave
 * the locked-out list. `withdraw` answers the undo as the server would, given how many it takes back
 * (none: the student keeps the retake) or a refusal; taken back, the student is listed again.
 */
function renderRetakes(
  withdraw?: () => { withdrawn: number } | { refused: 'attempt-open' } | { changed: true },
) {
  let granted = false;
  return renderStats(
    {},
    {
      [`GET ${STATS}`]: () => envelope(200, null, granted ? GRANTED : FIXTURE),
      [`PUT ${RETAKE}`]: () => {
        granted = true;
        return envelope(200, 'Retake allowed', { userId: 44, attemptsAllowed: 3, attemptsUsed: 2 });
      },
      ...(withdraw && {
        [`DELETE ${RETAKE}`]: () => {
          const outcome = withdraw();
          if ('refused' in outcome) {
            return envelope(409, 'The student is taking an attempt now', { reason: outcome.refused });
          }
          if ('changed' in outcome) {
            return envelope(409, "The student's attempts changed meanwhile: read the statistics again", null);
          }
          if (outcome.withdrawn > 0) granted = false;
          const allowed = 3 - outcome.withdrawn;
          const withdrawal = { userId: 44, attemptsAllowed: allowed, attemptsUsed: 2, ...outcome };
          return envelope(200, 'Retake withdrawn', withdrawal);
        },
      }),
    },
  );
}

const questionTexts = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((item) => item.querySelector('p')?.textContent);

describe('Quiz statistics', () => {
  it('shows the lesson, the summary in Arabic-Indic digits and the way back to the quiz', async () => {
    renderStats();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'إحصاءات الاختبار: اختبار الوحدة الأولى' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /العودة إلى الاختبار/ })).toHaveAttribute(
      'href',
      `/admin/lessons/${LESSON}`,
    );
    const summary = screen.getByRole('region', { name: 'ملخص' });
    const value = (label: string) => within(summary).getByText(label).nextElementSibling?.textContent;
    expect(value('قدّموا الاختبار')).toBe('١٢');
    expect(value('متوسط الدرجات')).toBe('٧١٫٥٪');
    expect(value('نجحوا')).toBe('٨ من ١٢');
  });

  it('leaves out the passed count when the exam has no pass mark', async () => {
    renderStats({ passedCount: null });
    const summary = await screen.findByRole('region', { name: 'ملخص' });
    expect(within(summary).queryByText('نجحوا')).not.toBeInTheDocument();
  });

  it('draws the score distribution as bars, with the same numbers as a table', async () => {
    const { user } = renderStats();
    const chart = await screen.findByRole('list', { name: 'توزيع الدرجات' });
    const bands = within(chart).getAllByRole('listitem');
    expect(bands).toHaveLength(10);
    expect(bands[0]).toHaveTextContent('٠–٩٪');
    expect(bands[9]).toHaveTextContent('٩٠–١٠٠٪');
    expect(bands[9]).toHaveTextContent('٥');
    // The fullest band's bar spans the whole width; a band of one, a fifth of it.
    expect(bands[9]!.querySelector('[aria-hidden] > div')).toHaveStyle({ width: '100%' });
    expect(bands[2]!.querySelector('[aria-hidden] > div')).toHaveStyle({ width: '20%' });

    await user.click(screen.getByText('عرض الأرقام في جدول'));
    const table = screen.getByRole('table');
    const top = within(table).getByRole('rowheader', { name: '٩٠–١٠٠٪' }).closest('tr')!;
    expect(within(top).getByRole('cell')).toHaveTextContent('٥');
    expect(within(table).getAllByRole('row')).toHaveLength(11);
  });

  it("shows each question's share of correct answers and its most chosen wrong answer, hardest first on request", async () => {
    const { user } = renderStats();
    const list = await screen.findByRole('list', { name: 'الأسئلة' });
    expect(questionTexts(list)).toEqual([
      'ما الصيغة العامة للألكانات؟',
      'كم عدد أيزومرات البنتان؟',
      'سؤال لم يُسحب بعد',
      'ما اسم CH4؟',
    ]);
    const hard = within(list).getAllByRole('listitem')[1]!;
    expect(hard).toHaveTextContent('نسبة الإجابة الصحيحة');
    expect(hard).toHaveTextContent('٢٥٪');
    expect(hard).toHaveTextContent('أكثر إجابة خاطئة اختيرت: اثنان (اختيرت ٧ مرات)');
    expect(hard).toHaveTextContent('عدد المحاولات التي ظهر فيها: ١٢');
    expect(hard.querySelector('[aria-hidden] > div')).toHaveStyle({ width: '25%' });
    expect(within(list).getAllByRole('listitem')[2]).toHaveTextContent('لم يُجب عنه أحد بعد');
    expect(within(list).getAllByRole('listitem')[3]).toHaveTextContent('لم يختر أحد إجابة خاطئة.');
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('(اختيرت مرة واحدة)');

    await user.selectOptions(screen.getByLabelText('الترتيب'), 'الأصعب أولًا');
    expect(questionTexts(list)).toEqual([
      'كم عدد أيزومرات البنتان؟',
      'ما الصيغة العامة للألكانات؟',
      'ما اسم CH4؟',
      'سؤال لم يُسحب بعد',
    ]);
  });

  it('says which list each question is of when both show: one id in each, sorted apart and both kept', async () => {
    const { user } = renderStats({
      questions: [
        {
          questionId: 7,
          source: 'fixed',
          text: 'سؤال الدرس',
          answered: 3,
          correctPercent: 33,
          mostChosenWrong: null,
        },
        {
          questionId: 7,
          source: 'bank',
          text: 'سؤال البنك',
          answered: 2,
          correctPercent: 100,
          mostChosenWrong: null,
        },
        {
          questionId: 8,
          source: 'bank',
          text: 'سؤال آخر',
          answered: 2,
          correctPercent: 0,
          mostChosenWrong: null,
        },
      ],
    });
    const list = await screen.findByRole('list', { name: 'الأسئلة' });
    const items = () =>
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(items()).toEqual([
      expect.stringMatching(/^من أسئلة الدرسسؤال الدرس/),
      expect.stringMatching(/^من بنك الأسئلةسؤال البنك/),
      expect.stringMatching(/^من بنك الأسئلةسؤال آخر/),
    ]);
    await user.selectOptions(screen.getByLabelText('الترتيب'), 'الأصعب أولًا');
    expect(items()).toEqual([
      expect.stringMatching(/^من بنك الأسئلةسؤال آخر/),
      expect.stringMatching(/^من أسئلة الدرسسؤال الدرس/),
      expect.stringMatching(/^من بنك الأسئلةسؤال البنك/),
    ]);
    await user.selectOptions(screen.getByLabelText('الترتيب'), 'بترتيب الاختبار');
    expect(items()).toHaveLength(3);
    expect(items()[1]).toMatch(/^من بنك الأسئلةسؤال البنك/);
  });

  it('says a question nobody answered wrong but not everyone right was left unanswered (an exam closed at its deadline)', async () => {
    renderStats({
      questions: [
        {
          questionId: 5,
          source: 'bank',
          text: 'ما اسم C2H6؟',
          answered: 2,
          correctPercent: 50,
          mostChosenWrong: null,
        },
        {
          questionId: 6,
          source: 'bank',
          text: 'ما اسم C3H8؟',
          answered: 2,
          correctPercent: 0,
          mostChosenWrong: null,
        },
      ],
    });
    const list = await screen.findByRole('list', { name: 'الأسئلة' });
    for (const item of within(list).getAllByRole('listitem')) {
      expect(item).toHaveTextContent('عدد المحاولات التي ظهر فيها: ٢');
      expect(item).toHaveTextContent('لم يختر أحد إجابة خاطئة، ومن لم يُصب فيه تركه بلا إجابة.');
    }
  });

  it('lists the students who have not attempted it, with their phone numbers, in a scrolling list', async () => {
    renderStats();
    const heading = await screen.findByRole('heading', { name: 'لم يحاولوا (٣)' });
    const list = screen.getByRole('list', { name: 'لم يحاولوا (٣)' });
    expect(heading).toBeInTheDocument();
    expect(list).toHaveAttribute('tabindex', '0');
    expect(list).toHaveClass('overflow-y-auto');
    const students = within(list).getAllByRole('listitem');
    expect(students.map((item) => item.querySelector('span')?.textContent)).toEqual([
      'سارة محمود',
      'عمر خالد',
      'ليلى حسن',
    ]);
    expect(within(students[1]!).getByRole('link', { name: /عمر خالد/ })).toHaveAttribute(
      'href',
      'tel:01198765432',
    );
  });

  it('lists who failed with no attempt left, with their scores, and how the teacher lets them retake', async () => {
    renderStats();
    const title = 'لم ينجحوا ولم تبقَ لهم محاولة (٢)';
    const list = await screen.findByRole('list', { name: title });
    const section = screen.getByRole('region', { name: title });
    expect(
      within(section).getByText(
        'تبقى الدروس التالية في الوحدة مقفلة على هؤلاء. «السماح بمحاولة أخرى» يتيح للطالب وحده محاولة واحدة بعد محاولاته؛ ولإتاحتها للجميع زد «عدد المحاولات المسموح بها» في إعدادات الاختبار. ومن أُغلق عليه الاختبار لا يفتحه له إلا موعد إغلاق أبعد.',
      ),
    ).toBeInTheDocument();
    const students = within(list).getAllByRole('listitem');
    expect(students.map((item) => item.querySelector('span')?.textContent)).toEqual([
      'نور علي٣٥٪',
      'ياسين فؤاد٥٠٪',
    ]);
    expect(within(students[0]!).getByRole('link', { name: /نور علي/ })).toHaveAttribute(
      'href',
      'tel:01011112222',
    );
  });

  it('lets one student with no attempt left retake, and says so once the list is read again', async () => {
    const { calls, user } = renderRetakes();
    const list = await screen.findByRole('list', { name: 'لم ينجحوا ولم تبقَ لهم محاولة (٢)' });
    const [nour, yassin] = within(list).getAllByRole('listitem');
    // The exam closed on the second: no retake button, only why.
    expect(within(yassin!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(yassin!).getByText('أُغلق الاختبار')).toBeInTheDocument();

    await user.click(within(nour!).getByRole('button', { name: 'السماح لـنور علي بمحاولة أخرى' }));
    expect(await screen.findByRole('status')).toHaveTextContent('يستطيع نور علي الآن بدء محاولة أخرى.');
    expect(callsTo(calls, `PUT ${RETAKE}`)).toHaveLength(1);
    expect(await screen.findByRole('list', { name: 'لم ينجحوا ولم تبقَ لهم محاولة (١)' })).toBeInTheDocument();
    expect(callsTo(calls, `GET ${STATS}`).length).toBeGreaterThanOrEqual(2);
  });

  it('undoes a retake given by mistake: the student is back in the list', async () => {
    const { calls, user } = renderRetakes(() => ({ withdrawn: 1 }));
    const list = await screen.findByRole('list', { name: 'لم ينجحوا ولم تبقَ لهم محاولة (٢)' });
    expect(screen.queryByRole('button', { name: /^التراجع/ })).not.toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'السماح لـنور علي بمحاولة أخرى' }));
    await screen.findByRole('list', { name: 'لم ينجحوا ولم تبقَ لهم محاولة (١)' });

    await user.click(screen.getByRole('button', { name: 'التراجع عن السماح لـنور علي بمحاولة أخرى' }));
    expect(await screen.findByRole('status')).toHaveTextContent('سُحبت المحاولة الإضافية من نور علي.');
    expect(callsTo(calls, `DELETE ${RETAKE}`)).toHaveLength(1);
    const back = await screen.findByRole('list', { name: 'لم ينجحوا ولم تبقَ لهم محاولة (٢)' });
    expect(within(back).getByRole('button', { name: 'السماح لـنور علي بمحاولة أخرى' })).toBeInTheDocument();
    // Nothing left to undo.
    expect(screen.queryByRole('button', { name: /^التراجع/ })).not.toBeInTheDocument();
  });

  it('says when a retake can no longer be undone: the student is taking it', async () => {
    const { user } = renderRetakes(() => ({ refused: 'attempt-open' }));
    const list = await screen.findByRole('list', { name: 'لم ينجحوا ولم تبقَ لهم محاولة (٢)' });
    await user.click(within(list).getByRole('button', { name: 'السماح لـنور علي بمحاولة أخرى' }));
    const undo = await screen.findByRole('button', { name: 'التراجع عن السماح لـنور علي بمحاولة أخرى' });
    await user.click(undo);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'يؤدي نور علي المحاولة الإضافية الآن، فلا يمكن سحبها.',
    );
    // Said once: the undo is gone with the notice it belonged to.
    expect(screen.queryByRole('button', { name: /^التراجع/ })).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'لم ينجحوا ولم تبقَ لهم محاولة (١)' })).toBeInTheDocument();
  });

  it('says when the grant changed before the undo reached it, and reads the lists again', async () => {
    const { calls, user } = renderRetakes(() => ({ changed: true }));
    const list = await screen.findByRole('list', { name: 'لم ينجحوا ولم تبقَ لهم محاولة (٢)' });
    await user.click(within(list).getByRole('button', { name: 'السماح لـنور علي بمحاولة أخرى' }));
    await user.click(await screen.findByRole('button', { name: 'التراجع عن السماح لـنور علي بمحاولة أخرى' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'تغيّرت محاولات نور علي في هذه الأثناء، فلم يُسحب شيء. القوائم أدناه محدّثة.',
    );
    // Read on opening, after the grant, and after the refused undo.
    await waitFor(() => expect(callsTo(calls, `GET ${STATS}`)).toHaveLength(3));
  });

  it('says when the retake was already taken and nothing was undone', async () => {
    const { user } = renderRetakes(() => ({ withdrawn: 0 }));
    const list = await screen.findByRole('list', { name: 'لم ينجحوا ولم تبقَ لهم محاولة (٢)' });
    await user.click(within(list).getByRole('button', { name: 'السماح لـنور علي بمحاولة أخرى' }));
    await user.click(await screen.findByRole('button', { name: 'التراجع عن السماح لـنور علي بمحاولة أخرى' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'أدّى نور علي المحاولة الإضافية، فلم يُسحب منه شيء.',
    );
  });

  it('lists the retakes not started yet, each of which can be taken back', async () => {
    const { calls, user } = renderRetakes(() => ({ withdrawn: 1 }));
    const list = await screen.findByRole('list', { name: 'لم ينجحوا ولم تبقَ لهم محاولة (٢)' });
    // None waits yet: no such list.
    expect(screen.queryByRole('heading', { name: /سُمح لهم بمحاولة أخرى/ })).not.toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'السماح لـنور علي بمحاولة أخرى' }));

    const pending = await screen.findByRole('list', { name: 'سُمح لهم بمحاولة أخرى ولم يبدؤوها (١)' });
    const [nour] = within(pending).getAllByRole('listitem');
    expect(nour!.querySelector('span')?.textContent).toBe('نور علي٣٥٪');
    expect(within(nour!).getByRole('link', { name: /نور علي/ })).toHaveAttribute('href', 'tel:01011112222');
    expect(
      screen.getByText(
        'لم يبدأ هؤلاء المحاولة التي سمحت بها بعد. «سحب المحاولة» يعيد الطالب إلى من لم تبقَ لهم محاولة.',
      ),
    ).toBeInTheDocument();

    await user.click(within(nour!).getByRole('button', { name: 'سحب المحاولة الإضافية من نور علي' }));
    expect(await screen.findByRole('status')).toHaveTextContent('سُحبت المحاولة الإضافية من نور علي.');
    expect(callsTo(calls, `DELETE ${RETAKE}`)).toHaveLength(1);
    await screen.findByRole('list', { name: 'لم ينجحوا ولم تبقَ لهم محاولة (٢)' });
    expect(screen.queryByRole('heading', { name: /سُمح لهم بمحاولة أخرى/ })).not.toBeInTheDocument();
  });

  it('says why a retake was refused: the exam closed meanwhile', async () => {
    const { user } = renderStats(
      {},
      {
        [`PUT /api/Admin/Lessons/${LESSON}/Students/44/Retake`]: () =>
          envelope(409, 'The exam has closed', { reason: 'exam-closed' }),
      },
    );
    const list = await screen.findByRole('list', { name: 'لم ينجحوا ولم تبقَ لهم محاولة (٢)' });
    await user.click(within(list).getByRole('button', { name: 'السماح لـنور علي بمحاولة أخرى' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'أُغلق الاختبار، فلا تفيد محاولة إضافية: أخّر موعد الإغلاق في إعدادات الاختبار.',
    );
  });

  it('says nobody is locked out when none is', async () => {
    renderStats({ lockedOut: [] });
    expect(
      await screen.findByRole('heading', { name: 'لم ينجحوا ولم تبقَ لهم محاولة (٠)' }),
    ).toBeInTheDocument();
    expect(screen.getByText('لا يوجد طالب دون درجة النجاح استنفد محاولاته.')).toBeInTheDocument();
    expect(screen.queryByText(/^تبقى الدروس التالية في الوحدة مقفلة على هؤلاء/)).not.toBeInTheDocument();
  });

  it('leaves the locked-out list out for a quiz without a pass mark', async () => {
    renderStats({ passedCount: null, lockedOut: [] });
    expect(await screen.findByRole('heading', { name: 'لم يحاولوا (٣)' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /لم ينجحوا/ })).not.toBeInTheDocument();
  });

  it('exports the statistics as CSV with the admin’s token', async () => {
    const { calls, user } = renderStats(
      {},
      {
        [`GET ${STATS}/Export`]: () =>
          new Response('\uFEFFquestion,correctPercent\n', {
            headers: {
              'Content-Type': 'text/csv',
              'Content-Disposition': 'attachment; filename="stats-62.csv"',
            },
          }),
      },
    );
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:stats'), revokeObjectURL: vi.fn() });
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(`${this.download} ${this.href}`);
    });
    await user.click(await screen.findByRole('button', { name: 'تصدير CSV' }));
    await waitFor(() => expect(clicks).toEqual(['stats-62.csv blob:stats']));
    expect(callsTo(calls, `GET ${STATS}/Export`)[0]!.headers.get('Authorization')).toBe(
      'Bearer test-access-token',
    );
  });

  it('is linked from the quiz results filtered to that quiz', async () => {
    fakeAdminApi({
      'GET /api/Admin/Courses': { courses: [], totalCount: 0, totalPages: 1, currentPage: 1, pageSize: 10 },
    });
    renderAdmin(`/admin/quiz-results?courseId=9&lessonId=${LESSON}`);
    expect(await screen.findByRole('link', { name: 'إحصاءات الاختبار' })).toHaveAttribute(
      'href',
      `/admin/lessons/${LESSON}/statistics`,
    );
  });
});
