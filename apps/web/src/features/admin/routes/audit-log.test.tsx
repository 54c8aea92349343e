// «سجل العمليات»: each entry's action and target named in Arabic, for every action the server can
// record (AUDIT_ACTIONS; a missing label is a compile error in i18n/admin.ts), and an entry's own
// words, left to right, for one this build does not know.
import { AUDIT_ACTIONS, type AuditEntry } from '@app/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminMessages } from '../../../i18n/admin';
import { actionsNamed } from '../api/audit-log';
import { callsTo, fakeAdminApi } from '../testing/fake-api';
import { renderAdmin } from '../testing/render-admin';

const entry = (id: number, action: string, targetType: string, targetId: number | null): AuditEntry => ({
  id,
  at: '2026-11-29T09:30:00.000Z',
  actor: { id: 1, name: 'مشرف المنصة' },
  action,
  targetType,
  targetId,
  summary: `summary ${id}`,
});

function renderLog(entries: AuditEntry[]) {
  const calls = fakeAdminApi({
    'GET /api/Admin/AuditLog': {
      entries,
      totalCount: entries.length,
      totalPages: 1,
      currentPage: 1,
      pageSize: 20,
    },
  });
  return { calls, ...renderAdmin('/admin/audit-log') };
}

const rowOf = async (summary: string) => (await screen.findByText(summary)).closest('tr')!;

describe('Audit log', () => {
  it('names the exam actions and their targets in Arabic', async () => {
    renderLog([
      entry(3, 'quiz.retake.withdraw', 'lesson', 41),
      entry(2, 'quiz.retake.grant', 'lesson', 41),
      entry(1, 'questions.import', 'course', 7),
      entry(0, 'book.image', 'book', 12),
    ]);
    const cells = async (summary: string) =>
      [...(await rowOf(summary)).querySelectorAll('th, td')].map((cell) => cell.textContent);
    expect(await cells('summary 3')).toEqual([
      'سحب محاولة إضافية',
      'summary 3',
      'مشرف المنصة',
      expect.any(String),
      'درس رقم ٤١',
    ]);
    expect((await cells('summary 2'))[0]).toBe('السماح بمحاولة أخرى');
    expect((await cells('summary 1'))[0]).toBe('استيراد أسئلة');
    expect((await cells('summary 0')).filter((_, i) => i === 0 || i === 4)).toEqual([
      'رفع صورة كتاب',
      'كتاب رقم ١٢',
    ]);
  });

  it('shows an action this build does not know as the entry wrote it, left to right', async () => {
    renderLog([entry(1, 'legacy.thing', 'widget', 3), entry(2, 'toString', 'constructor', null)]);
    const legacy = within(await rowOf('summary 1'));
    expect(legacy.getByRole('rowheader')).toHaveTextContent('legacy.thing');
    expect(legacy.getByText('legacy.thing').tagName).toBe('BDI');
    expect(legacy.getByText('widget رقم ٣')).toBeInTheDocument();
    // A word that is also a property of every object is still unknown, not a function printed.
    expect(within(await rowOf('summary 2')).getByRole('rowheader')).toHaveTextContent(/^toString$/);
  });

  it('searches the Arabic names too: «محاولة» asks for the retakes by their ids', async () => {
    const { calls, user } = renderLog([entry(1, 'quiz.retake.grant', 'lesson', 41)]);
    await rowOf('summary 1');
    await user.type(screen.getByRole('searchbox', { name: 'ابحث في السجل' }), 'محاولة');
    await user.click(screen.getByRole('button', { name: 'بحث' }));
    await waitFor(() => expect(callsTo(calls, 'GET /api/Admin/AuditLog').length).toBeGreaterThan(1));
    const query = callsTo(calls, 'GET /api/Admin/AuditLog').at(-1)!.url.searchParams;
    expect(query.get('search')).toBe('محاولة');
    expect(query.get('actions')).toBe('quiz.retake.grant,quiz.retake.withdraw');
  });

  it('sends no action names for a search no Arabic name holds, or no search', () => {
    expect(actionsNamed('أحمد')).toBeUndefined();
    expect(actionsNamed('  ')).toBeUndefined();
    expect(actionsNamed(undefined)).toBeUndefined();
    expect(actionsNamed(' كتاب ')).toBe(
      'book.create,book.update,book.delete,book.activate,book.deactivate,book.image',
    );
  });

  it('has a distinct Arabic name for every action the server records', () => {
    const names = AUDIT_ACTIONS.map((action) => adminMessages.audit.actions[action]);
    expect(names.every((name) => /[\u0600-\u06FF]/.test(name))).toBe(true);
    expect(new Set(names).size).toBe(AUDIT_ACTIONS.length);
  });
});
