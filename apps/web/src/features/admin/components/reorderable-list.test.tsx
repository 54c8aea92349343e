import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { envelope, sentJson } from '../../../../test/fetch';
import { callsTo, fakeAdminApi } from '../testing/fake-api';
import { courseDetail, lesson, unit } from '../testing/fixtures';
import { renderAdmin } from '../testing/render-admin';

const course = courseDetail({
  units: [
    unit(1, 'الأولى', [lesson(11, 'درس أ'), lesson(12, 'درس ب'), lesson(13, 'اختبار ج', 'Quiz')]),
    unit(2, 'الثانية'),
    unit(3, 'الثالثة'),
  ],
});

const unitNames = () =>
  within(screen.getByRole('list', { name: 'الوحدات' }))
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);

describe('reordering units and lessons', () => {
  it('moves a unit with its buttons, sends the whole new order and keeps the focus on the moved unit', async () => {
    const calls = fakeAdminApi({
      'GET /api/Admin/Courses/9': course,
      'PUT /api/Admin/Courses/9/UnitOrder': course,
    });
    const { user } = renderAdmin('/admin/courses/9');
    const down = await screen.findByRole('button', { name: 'نقل الأولى لأسفل' });
    expect(screen.getByRole('button', { name: 'نقل الأولى لأعلى' })).toBeDisabled();
    down.focus();
    await user.keyboard('{Enter}');
    expect(unitNames()).toEqual(['الثانية', 'الأولى', 'الثالثة']);
    expect(screen.getByRole('button', { name: 'نقل الأولى لأسفل' })).toHaveFocus();
    expect(screen.getByText('نُقل «الأولى» إلى الموضع ٢ من ٣.')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(unitNames()).toEqual(['الثانية', 'الثالثة', 'الأولى']);
    // At the end 'down' is disabled, so the focus moves to the same unit's 'up'.
    expect(screen.getByRole('button', { name: 'نقل الأولى لأعلى' })).toHaveFocus();
    const sent = callsTo(calls, 'PUT /api/Admin/Courses/9/UnitOrder').map((call) => sentJson(call));
    expect(sent).toEqual([{ ids: [2, 1, 3] }, { ids: [2, 3, 1] }]);
  });

  it('moves a lesson within its unit', async () => {
    const calls = fakeAdminApi({
      'GET /api/Admin/Courses/9': course,
      'PUT /api/Admin/Units/1/LessonOrder': unit(1, 'الأولى'),
    });
    const { user } = renderAdmin('/admin/courses/9');
    await user.click(await screen.findByRole('button', { name: 'نقل اختبار ج لأعلى' }));
    const lessons = within(screen.getByRole('list', { name: 'دروس الأولى' })).getAllByRole('link', {
      name: /^درس|^اختبار/,
    });
    expect(lessons.map((link) => link.textContent)).toEqual(['درس أ', 'اختبار ج', 'درس ب']);
    expect(sentJson(callsTo(calls, 'PUT /api/Admin/Units/1/LessonOrder')[0])).toEqual({ ids: [11, 13, 12] });
  });

  it('puts the old order back and says so when the server refuses the new one', async () => {
    fakeAdminApi({
      'GET /api/Admin/Courses/9': course,
      'PUT /api/Admin/Courses/9/UnitOrder': () => envelope(500, 'boom'),
    });
    const { user } = renderAdmin('/admin/courses/9');
    await user.click(await screen.findByRole('button', { name: 'نقل الثالثة لأعلى' }));
    expect(await screen.findByText('تعذّر حفظ الترتيب الجديد، أُعيد الترتيب السابق.')).toBeInTheDocument();
    expect(unitNames()).toEqual(['الأولى', 'الثانية', 'الثالثة']);
  });

  it('also moves a unit dropped on another by its drag handle', async () => {
    const calls = fakeAdminApi({
      'GET /api/Admin/Courses/9': course,
      'PUT /api/Admin/Courses/9/UnitOrder': course,
    });
    renderAdmin('/admin/courses/9');
    const handle = await screen.findByTitle('اسحب لترتيب الثالثة');
    const target = screen.getByRole('heading', { level: 3, name: 'الأولى' }).closest('li')!;
    const dataTransfer = { setData: () => undefined, effectAllowed: 'none' };
    fireEvent.dragStart(handle, { dataTransfer });
    fireEvent.dragOver(target, { dataTransfer });
    fireEvent.drop(target, { dataTransfer });
    expect(unitNames()).toEqual(['الثالثة', 'الأولى', 'الثانية']);
    await vi.waitFor(() =>
      expect(sentJson(callsTo(calls, 'PUT /api/Admin/Courses/9/UnitOrder')[0])).toEqual({ ids: [3, 1, 2] }),
    );
  });
});
