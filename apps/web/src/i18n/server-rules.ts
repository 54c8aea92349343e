// The server's validation messages in Arabic, by field and rule. The contract answers API clients in
// English ("UserName must be at most 100 characters"); a student reads «الاسم: ١٠٠ حرف على الأكثر».
// The rules are the contract's own wordings (packages/contract: common.ts, auth.ts, text.ts), so a
// message is told again from what it says, never shown as sent.
import { charactersLabelAr } from '@app/domain';

/** The Arabic name of each field a student's form sends. */
const FIELD_LABELS: Record<string, string> = {
  UserName: 'الاسم',
  name: 'الاسم',
  EmailorMobile: 'البريد الإلكتروني أو رقم الهاتف',
  Email: 'البريد الإلكتروني',
  email: 'البريد الإلكتروني',
  PhoneNumber: 'رقم الهاتف',
  ParentPhone: 'رقم هاتف ولي الأمر',
  AcademicYear: 'الصف الدراسي',
  Password: 'كلمة المرور',
  password: 'كلمة المرور',
  newPassword: 'كلمة المرور الجديدة',
  ConfirmPassword: 'تأكيد كلمة المرور',
  confirmPassword: 'تأكيد كلمة المرور',
  otp: 'الكود',
  Code: 'الكود',
  code: 'الكود',
  IsOnline: 'نوع الدراسة',
};

/** Each rule: its English wording after the field's name, and the Arabic (label, numbers) → text. */
const RULES: Array<[RegExp, (label: string, n: number) => string]> = [
  [/^is required$/, (label) => `${label}: هذا الحقل مطلوب`],
  [/^must be text$/, (label) => `${label}: قيمة غير صالحة`],
  [/^must be at most (\d+) characters$/, (label, n) => `${label}: ${charactersLabelAr(n)} على الأكثر`],
  [/^must be at least (\d+) characters$/, (label, n) => `${label}: ${charactersLabelAr(n)} على الأقل`],
  [/^must be a valid email address$/, (label) => `${label}: اكتب بريدًا إلكترونيًا صحيحًا`],
  [/^must be a valid phone number$/, (label) => `${label}: اكتب رقم هاتف صحيحًا`],
  [/^must be a known grade$/, (label) => `${label}: اختر صفًا من القائمة`],
  [/^must be "true" or "false"$/, (label) => `${label}: اختر إحدى الإجابتين`],
  [/^may contain letters, spaces, dots and hyphens only$/, (label) => `${label}: حروف ومسافات فقط`],
  [/^must not contain control characters$/, (label) => `${label}: يحتوي على رموز غير مسموح بها`],
  [/^must be valid text$/, (label) => `${label}: يحتوي على رموز غير مسموح بها`],
  [
    /^must not contain invisible formatting characters$/,
    (label) => `${label}: يحتوي على رموز تنسيق غير مرئية`,
  ],
  [
    /^may have at most \d+ accent marks on one letter$/,
    (label) => `${label}: علامات تشكيل كثيرة على حرف واحد`,
  ],
];

/** The Arabic for "<Field> <rule>", or null when the message is not one of the contract's rules. */
export function fieldRuleText(message: string): string | null {
  const match = /^(\w+) (.+)$/.exec(message.trim());
  const label = match ? FIELD_LABELS[match[1]!] : undefined;
  if (!match || !label) return null;
  for (const [rule, text] of RULES) {
    const found = rule.exec(match[2]!);
    if (found) return text(label, Number(found[1] ?? 0));
  }
  return null;
}
