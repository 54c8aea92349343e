// The audit log's Arabic sentences where no API test reads them back: a file's kind and size, the
// preposition before a noun with «الـ», a captions language, and a count after its noun.
import { describe, expect, it } from 'vitest';
import { auditSummary } from '../src/modules/admin/audit-summaries';

const png = { kind: 'png', bytes: { length: 20480 } };

describe('audit summaries', () => {
  it('names an image by its kind and size, after «للـ» for a course or a book', () => {
    expect(auditSummary.course.image('الفيزياء', png)).toBe('صورة جديدة (png، ٢٠٤٨٠ بايت) للكورس «الفيزياء»');
    expect(auditSummary.book.image('كتاب المراجعة', png)).toBe(
      'صورة جديدة (png، ٢٠٤٨٠ بايت) للكتاب «كتاب المراجعة»',
    );
    expect(auditSummary.book.created('كتاب المراجعة')).toBe('أُضيف الكتاب «كتاب المراجعة»');
  });

  it('names a captions language in Arabic, and an unknown one by its code', () => {
    expect(auditSummary.captionsUploaded('الدرس الأول', 'en', 'English')).toBe(
      'رُفعت ترجمة إنجليزية «English» للدرس «الدرس الأول»',
    );
    expect(auditSummary.captionsRemoved('الدرس الأول', 'de')).toBe('حُذفت ترجمة (de) من الدرس «الدرس الأول»');
  });

  it('writes counts in Arabic-Indic digits after their noun, and a bank draw by its size', () => {
    expect(auditSummary.unitsReordered('الكيمياء', 12)).toBe(
      'أُعيد ترتيب وحدات الكورس «الكيمياء» (عدد الوحدات: ١٢)',
    );
    expect(
      auditSummary.examSettings('امتحان الشهر', {
        drawn: 10,
        timeLimitMinutes: null,
        passMark: null,
        attemptsAllowed: 1,
      }),
    ).toBe(
      'إعدادات الاختبار «امتحان الشهر»: يُسحب من البنك (عدد الأسئلة: ١٠)، دون وقت محدد، دون درجة نجاح، المحاولات المسموحة: ١',
    );
    expect(auditSummary.siteUpdated([])).toBe('حُفظت بيانات الموقع دون تغيير');
  });
});
