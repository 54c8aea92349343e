import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../lib/format';
import { fakeAdminApi } from '../testing/fake-api';
import { adminCourse, page } from '../testing/fixtures';
import { renderAdmin } from '../testing/render-admin';

const student = (id: number, name: string) => ({
  id,
  name,
  email: `s${id}@example.com`,
  phone: '01000000000',
});
const result = (
  id: number,
  over: { startedAt: string | null; durationSeconds: number | null; clientGraded?: boolean },
) => ({
  id,
  student: student(40 + id, id === 1 ? 'سارة محمود' : 'عمر خالد'),
  lessonId: 12,
  lessonName: 'اختبار الوحدة الأولى',
  courseName: 'كيمياء',
  score: 50,
  correctCount: 1,
  total: 2,
  submittedAt: '2025-03-02T10:02:30.000Z',
  clientGraded: false,
  ...over,
});

const summary = {
  courseId: 7,
  courseName: 'كيمياء',
  quizzes: [
    { lessonId: 12, lessonName: 'اختبار الوحدة الأولى', unitName: 'الوحدة', attempts: 2, averageScore: 50 },
  ],
};

describe('one quiz’s results', () => {
  it('marks a result the student’s app graded «صححها تطبيق الطالب», and no other', async () => {
    fakeAdminApi({
      'GET /api/Admin/Courses': { ...page(), courses: [adminCourse({ id: 7, name: 'كيمياء' })] },
      'GET /api/Admin/Courses/7/QuizSummary': summary,
      'GET /api/Admin/QuizResults': {
        ...page({ totalCount: 2 }),
        averageScore: 50,
        results: [
          result(1, { startedAt: null, durationSeconds: null, clientGraded: true }),
          result(2, { startedAt: null, durationSeconds: null }),
        ],
      },
    });
    renderAdmin('/admin/quiz-results?courseId=7&lessonId=12');
    const table = await screen.findByRole('table');
    const [, byApp, byServer] = within(table).getAllByRole('row');
    expect(within(byApp!).getByText('صححها تطبيق الطالب')).toBeInTheDocument();
    expect(within(byServer!).queryByText('صححها تطبيق الطالب')).toBeNull();
  });

  it('shows when each attempt started and how long it took, «—» where no start was recorded', async () => {
    fakeAdminApi({
      'GET /api/Admin/Courses': { ...page(), courses: [adminCourse({ id: 7, name: 'كيمياء' })] },
      'GET /api/Admin/Courses/7/QuizSummary': summary,
      'GET /api/Admin/QuizResults': {
        ...page({ totalCount: 2 }),
        averageScore: 50,
        results: [
          result(1, { startedAt: '2025-03-02T10:00:00.000Z', durationSeconds: 150 }),
          result(2, { startedAt: null, durationSeconds: null }),
        ],
      },
    });
    renderAdmin('/admin/quiz-results?courseId=7&lessonId=12');
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      'الطالب',
      'الدرجة',
      'الإجابات الصحيحة',
      'بدء المحاولة',
      'تاريخ التسليم',
      'مدة المحاولة',
    ]);

    const [, timed, older] = within(table).getAllByRole('row');
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    const [, , started, submitted, duration] = cells(timed!);
    // Dates as the rest of the admin screens show them (in the browser's time zone), Arabic-Indic digits.
    expect(started).toBe(formatDateTime('2025-03-02T10:00:00.000Z'));
    expect(submitted).toBe(formatDateTime('2025-03-02T10:02:30.000Z'));
    expect(started).toContain('٢ مارس ٢٠٢٥');
    expect(`${started}${duration}`).not.toMatch(/[0-9]/);
    expect(duration).toBe('دقيقتان و٣٠ ثانية');
    const [, , noStart, , noDuration] = cells(older!);
    expect([noStart, noDuration]).toEqual(['—', '—']);
  });
});
