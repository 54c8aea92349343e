import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, sentJson } from '../../../../test/fetch';
import { callsTo, fakeAdminApi } from '../testing/fake-api';
import { adminLesson, courseDetail, quizSettings } from '../testing/fixtures';
import { renderAdmin } from '../testing/render-admin';

const NEW_QUIZ = '/admin/courses/9/units/5/lessons/new/Quiz';
const CREATE = 'POST /api/Admin/Units/5/Lessons';

function renderQuiz(answers: Record<string, unknown> = {}) {
  const calls = fakeAdminApi({ 'GET /api/Admin/Courses/9': courseDetail(), ...answers });
  return { calls, ...renderAdmin(NEW_QUIZ) };
}

const question = (number: string) => screen.getByRole('group', { name: `السؤال ${number}` });

describe('the quiz form', () => {
  it('starts with one question of two answers and keeps every question between 2 and 6 answers', async () => {
    const { user } = renderQuiz();
    await screen.findByRole('heading', { level: 1, name: 'اختبار جديد' });
    const first = question('١');
    const add = within(first).getByRole('button', { name: '+ إضافة إجابة' });
    expect(within(first).getAllByRole('radio')).toHaveLength(2);
    expect(within(first).getByRole('button', { name: 'حذف الإجابة ١' })).toBeDisabled();
    for (let i = 0; i < 4; i++) await user.click(add);
    expect(within(first).getAllByRole('radio')).toHaveLength(6);
    expect(add).toBeDisabled();
    expect(within(first).getByRole('button', { name: 'حذف الإجابة ٦' })).toBeEnabled();
    await user.click(within(first).getByRole('button', { name: 'حذف الإجابة ٦' }));
    expect(within(first).getAllByRole('radio')).toHaveLength(5);
    expect(add).toBeEnabled();
  });

  it('asks for exactly one correct answer and for every text, in Arabic, before sending', async () => {
    const { calls, user } = renderQuiz();
    await user.type(await screen.findByLabelText('اسم الدرس'), 'اختبار الوحدة الأولى');
    await user.type(within(question('١')).getByLabelText('الإجابة ١'), 'أ');
    await user.click(screen.getByRole('button', { name: 'إنشاء الدرس' }));
    const first = question('١');
    expect(await within(first).findByText('اختر إجابة صحيحة واحدة بالضبط')).toBeInTheDocument();
    expect(within(first).getByLabelText('نص السؤال')).toHaveAccessibleDescription('يجب إدخال نص السؤال');
    expect(within(first).getByLabelText('الإجابة ٢')).toHaveAccessibleDescription('يجب إدخال نص الإجابة');
    expect(within(first).getByRole('radio', { name: 'الإجابة ١ صحيحة' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(callsTo(calls, CREATE)).toHaveLength(0);
  });

  it('keeps the chosen correct answer on the same text when an answer above it is removed', async () => {
    const { calls, user, router } = renderQuiz({
      [CREATE]: adminLesson(),
    });
    await user.type(await screen.findByLabelText('اسم الدرس'), 'اختبار قصير');
    const first = question('١');
    await user.type(within(first).getByLabelText('نص السؤال'), 'ما رمز الصوديوم؟');
    await user.click(within(first).getByRole('button', { name: '+ إضافة إجابة' }));
    await user.type(within(first).getByLabelText('الإجابة ١'), 'K');
    await user.type(within(first).getByLabelText('الإجابة ٢'), 'Na');
    await user.type(within(first).getByLabelText('الإجابة ٣'), 'S');
    await user.click(within(first).getByRole('radio', { name: 'الإجابة ٢ صحيحة' }));
    await user.click(within(first).getByRole('button', { name: 'حذف الإجابة ١' }));
    expect(within(first).getByRole('radio', { name: 'الإجابة ١ صحيحة' })).toBeChecked();
    expect(within(first).getByLabelText('الإجابة ١')).toHaveValue('Na');
    // A second question, then send.
    await user.click(screen.getByRole('button', { name: '+ إضافة سؤال' }));
    const second = question('٢');
    await user.type(within(second).getByLabelText('نص السؤال'), '٢ + ٢ = ؟');
    await user.type(within(second).getByLabelText('الإجابة ١'), '٤');
    await user.type(within(second).getByLabelText('الإجابة ٢'), '٥');
    await user.click(within(second).getByRole('radio', { name: 'الإجابة ١ صحيحة' }));
    await user.click(screen.getByRole('button', { name: 'إنشاء الدرس' }));
    await screen.findByRole('heading', { level: 1, name: 'الكيمياء العضوية' });
    expect(router.state.location.pathname).toBe('/admin/courses/9');
    expect(sentJson(callsTo(calls, CREATE)[0])).toEqual({
      type: 'Quiz',
      name: 'اختبار قصير',
      titel: null,
      questions: [
        {
          text: 'ما رمز الصوديوم؟',
          answers: [
            { text: 'Na', isCorrect: true },
            { text: 'S', isCorrect: false },
          ],
        },
        {
          text: '٢ + ٢ = ؟',
          answers: [
            { text: '٤', isCorrect: true },
            { text: '٥', isCorrect: false },
          ],
        },
      ],
    });
  });

  it('explains a 409: a submitted quiz’s questions cannot change', async () => {
    const calls = fakeAdminApi({
      'GET /api/Admin/Lessons/60': adminLesson({
        questions: [
          {
            id: 1,
            text: 'س',
            answers: [
              { id: 1, text: 'أ', isCorrect: false },
              { id: 2, text: 'ب', isCorrect: true },
            ],
          },
        ],
      }),
      'PUT /api/Admin/Lessons/60': () => envelope(409, '3 student(s) have submitted this quiz'),
      'GET /api/Admin/Lessons/60/QuizSettings': quizSettings(),
    });
    const { user } = renderAdmin('/admin/lessons/60');
    const first = await screen.findByRole('group', { name: 'السؤال ١' });
    expect(within(first).getByRole('radio', { name: 'الإجابة ٢ صحيحة' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('قدّم طلاب هذا الاختبار');
    expect(callsTo(calls, 'PUT /api/Admin/Lessons/60')).toHaveLength(1);
  });
});
