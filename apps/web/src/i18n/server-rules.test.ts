import { describe, expect, it } from 'vitest';
import { localizeServerMessage } from './messages';

describe('server messages on Arabic screens (issue 15)', () => {
  it.each([
    ['EmailorMobile must be at most 254 characters', 'البريد الإلكتروني أو رقم الهاتف: ٢٥٤ حرفًا على الأكثر'],
    ['UserName must be at most 100 characters', 'الاسم: ١٠٠ حرف على الأكثر'],
    ['Password must be at least 6 characters', 'كلمة المرور: ٦ أحرف على الأقل'],
    ['PhoneNumber must be a valid phone number', 'رقم الهاتف: اكتب رقم هاتف صحيحًا'],
    ['AcademicYear must be a known grade', 'الصف الدراسي: اختر صفًا من القائمة'],
    ['UserName must not contain invisible formatting characters', 'الاسم: يحتوي على رموز تنسيق غير مرئية'],
    ['UserName may have at most 3 accent marks on one letter', 'الاسم: علامات تشكيل كثيرة على حرف واحد'],
    ['Quiz already submitted', 'لقد سلّمت هذا الاختبار من قبل.'],
    ['The access period for this unit has ended', 'انتهت فترة إتاحة هذه الوحدة.'],
  ])('%s → %s', (message, arabic) => {
    expect(localizeServerMessage(message)).toBe(arabic);
  });

  it('never passes an unknown English text through, but keeps a message that is already Arabic', () => {
    expect(localizeServerMessage('Database is being upgraded')).toBe('حدث خطأ غير متوقع');
    expect(localizeServerMessage('UserName is odd')).toBe('حدث خطأ غير متوقع');
    expect(localizeServerMessage('الكورس مغلق حاليًا')).toBe('الكورس مغلق حاليًا');
  });
});
