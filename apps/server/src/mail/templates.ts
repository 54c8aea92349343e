// The mails students receive, in Arabic, signed with the school's name.
import { toArabicDigits } from '@app/domain';

export function passwordResetMail(schoolName: string, code: string) {
  return {
    subject: `${schoolName}: رمز إعادة تعيين كلمة المرور`,
    text: [
      'مرحبًا،',
      '',
      `رمز إعادة تعيين كلمة المرور الخاص بك هو: ${code}`,
      `(${toArabicDigits(code)})`,
      '',
      'الرمز صالح لمدة ١٠ دقائق ويمكن استخدامه مرة واحدة فقط.',
      'إذا لم تطلب إعادة تعيين كلمة المرور فتجاهل هذه الرسالة.',
      '',
      `فريق ${schoolName}`,
    ].join('\n'),
  };
}

export function confirmEmailMail(schoolName: string, link: string) {
  return {
    subject: `${schoolName}: تأكيد البريد الإلكتروني`,
    text: [
      'مرحبًا بك،',
      '',
      'شكرًا لتسجيلك. لتفعيل حسابك اضغط على الرابط التالي:',
      link,
      '',
      'الرابط صالح لمدة ٤٨ ساعة.',
      '',
      `فريق ${schoolName}`,
    ].join('\n'),
  };
}
