// Every text the app shows, in one Arabic catalogue with typed keys. The spec's English texts (the
// profile page, some server messages) are kept as the spec gives them.
import { secondsLabelAr, toArabicDigits, waitSpanLabelAr } from '@app/domain';
import { fieldRuleText } from './server-rules';

/** Wraps Latin text (an email) in a left-to-right isolate, so inside an Arabic sentence it reads
 * `new@example.com` and not `example.com@new`, and the sentence's punctuation stays in place. */
export const ltrIsolate = (text: string) => `\u2066${text}\u2069`;

export const messages = {
  app: {
    name: 'منصة التعلم',
    tagline: 'طريقك للتفوق في الثانوية',
  },
  nav: {
    home: 'الرئيسية',
    courses: 'الكورسات',
    myCourses: 'كورساتي',
    myLectures: 'محاضراتي',
    login: 'تسجيل الدخول',
    register: 'إنشاء حساب',
    logout: 'تسجيل الخروج',
    greeting: (name: string) => `أهلاً، ${name}`,
    openMenu: 'فتح القائمة',
    closeMenu: 'إغلاق القائمة',
    mainNavigation: 'التنقل الرئيسي',
  },
  footer: {
    contact: 'تواصل معنا',
    whatsapp: 'واتساب',
    facebook: 'فيسبوك',
    youtube: 'يوتيوب',
    tiktok: 'تيك توك',
    notAvailable: 'غير متاح',
    // The year in Arabic-Indic digits, as every other number and date on the page.
    rights: (year: number) => `© ${toArabicDigits(year)} منصة التعلم. جميع الحقوق محفوظة.`,
  },
  common: {
    skipToContent: 'تخطَّ إلى المحتوى',
    loading: 'جارٍ التحميل...',
    retry: 'إعادة المحاولة',
    backHome: 'العودة للرئيسية',
    notFoundTitle: 'الصفحة غير موجودة',
    notFoundBody: 'الرابط الذي فتحته غير موجود أو تم نقله.',
  },
  errorFallback: {
    title: 'حدث خطأ ما',
    advice: [
      'تأكد من اتصالك بالإنترنت.',
      'تأكد من أن خادم الـ API يعمل.',
      'قد تكون المشكلة في إعدادات CORS.',
      'إذا استمرت المشكلة تواصل مع مسؤول المنصة.',
    ],
    reload: 'إعادة تحميل الصفحة',
    chunk: 'تعذّر تحميل هذه الصفحة: ربما صدر تحديث جديد للمنصة أو انقطع الاتصال. أعد تحميل الصفحة.',
  },
  support: {
    whatsappMessage: (email?: string) =>
      email
        ? `مرحبًا، أحتاج مساعدة في حسابي على منصة التعلم. البريد الإلكتروني: ${email}`
        : 'مرحبًا، أحتاج مساعدة بخصوص منصة التعلم.',
  },
  home: {
    splash: {
      label: 'جارٍ تجهيز المنصة',
      loading: 'جارٍ التحميل...',
      preparing: 'تجهيز المحتوى...',
      initialising: 'جارٍ التهيئة...',
      done: 'تم!',
    },
    hero: {
      badge: 'للمرحلة الثانوية في مصر وعُمان',
      title: 'ذاكر بذكاء، وتفوّق بثقة',
      subtitle:
        'شرح مبسّط بالفيديو، واختبار قصير بعد كل درس، وخطة أسبوعية واضحة تعرف منها ماذا تذاكر ومتى. كل ذلك من موبايلك.',
      browseCourses: 'تصفّح الكورسات',
      register: 'أنشئ حسابك مجانًا',
      myCourses: 'كورساتي',
    },
    features: {
      title: 'ما يميزنا',
      subtitle: 'كل ما تحتاجه لتفهم الدرس وتثبّته، في مكان واحد.',
      items: [
        {
          title: 'اختبارات بعد كل درس',
          body: 'اختبار قصير بعد كل درس يثبّت المعلومة ويكشف لك ما تحتاج مراجعته.',
        },
        {
          title: 'توجيه لما تذاكره',
          body: 'خطة أسبوعية واضحة تعرف منها ماذا تذاكر الآن وما الذي يأتي بعده.',
        },
        { title: 'شرح مرئي', body: 'فيديوهات ورسوم توضيحية تبسّط أصعب الأفكار وتجعلها سهلة التذكّر.' },
        { title: 'دعم خطوة بخطوة', body: 'نتابع تقدّمك درسًا بدرس، ونساعدك عندما تحتاج إلى ذلك.' },
      ],
    },
    courses: {
      title: 'الكورسات',
      subtitle: 'اختر دولتك ثم صفّك الدراسي لتصل إلى الكورسات المناسبة لك.',
      loading: 'جارٍ تحميل الكورسات...',
      loadFailed: 'تعذّر تحميل قسم الكورسات. تحقّق من اتصالك ثم أعد المحاولة.',
      egypt: { grades: 'الصف الأول والثاني والثالث الثانوي', cta: 'كورسات مصر' },
      oman: { grades: 'من الصف الرابع إلى الصف الثاني عشر', cta: 'كورسات عُمان' },
    },
    registerNow: 'سجّل الآن',
  },
  unitCode: {
    title: 'عندك كود محاضرة؟',
    subtitle: 'أدخل الكود لفتح المحاضرة وإضافتها إلى محاضراتك.',
    label: 'كود المحاضرة',
    placeholder: 'ABCDE-23456',
    submit: 'تفعيل الكود',
    submitting: 'جارٍ التحقق...',
    loginHint: 'سجّل الدخول أولًا حتى تتمكن من إدخال كود المحاضرة.',
    invalidFormat: 'من فضلك أدخل كودًا صحيحًا',
    success: 'تم إدخال الكود بنجاح، جارٍ تحويلك إلى محاضراتك',
    errors: {
      notFound: 'الكود غير صحيح أو غير موجود',
      unauthorized: 'من فضلك سجّل الدخول أولًا',
      forbidden: 'ليس لديك صلاحية للوصول إلى هذه الوحدة',
      conflict: 'هذا الكود مستخدم من قبل',
      unexpected: 'حدث خطأ غير متوقع',
    },
  },
  /**
   * Arabic for the English texts the server (and the spec's fallbacks) use. A text without an entry
   * is shown as the server sent it.
   */
  serverMessages: {
    'Login failed': 'فشل تسجيل الدخول',
    'An unexpected error occurred': 'حدث خطأ غير متوقع',
    'Invalid email/mobile or password.': 'البريد الإلكتروني/رقم الهاتف أو كلمة المرور غير صحيحة.',
    'Network error. Please check your connection or contact administrator about CORS settings.':
      'خطأ في الشبكة. تحقّق من اتصالك بالإنترنت أو تواصل مع مسؤول المنصة بشأن إعدادات CORS.',
    'Too many attempts. Please try again later.': 'محاولات كثيرة، حاول مرة أخرى بعد قليل',
    'Too many requests. Please try again later.': 'محاولات كثيرة، حاول مرة أخرى بعد قليل',
    'Registration failed': 'فشل إنشاء الحساب',
    'Email is already registered': 'هذا البريد الإلكتروني مسجل بالفعل',
    'Phone number is already registered': 'رقم الهاتف مسجل بالفعل',
    'Failed to send password reset OTP': 'تعذّر إرسال كود استعادة كلمة المرور',
    'OTP has been sent to your email.': 'تم إرسال الكود إلى بريدك الإلكتروني.',
    'Failed to reset password': 'تعذّر تغيير كلمة المرور',
    'Invalid or expired code': 'الكود غير صحيح أو منتهي الصلاحية',
    'Password has been reset successfully': 'تم تغيير كلمة المرور بنجاح',
    'An unexpected error occurred. Please try again later.': 'حدث خطأ غير متوقع، حاول مرة أخرى لاحقًا.',
    'Passwords do not match': 'كلمتا المرور غير متطابقتين',
    'Password must be at least 6 characters long': 'كلمة المرور يجب ألا تقل عن 6 أحرف',
    // What the learning, code and session calls refuse with (apps/server/src/modules/*).
    'Quiz already submitted': 'لقد سلّمت هذا الاختبار من قبل.',
    'Every question must be answered exactly once with one of its answers':
      'أجب عن كل سؤال بإجابة واحدة من إجاباته.',
    'You must complete the previous quiz first': 'يجب أن تُنهي الاختبار السابق أولًا.',
    'The access period for this unit has ended': 'انتهت فترة إتاحة هذه الوحدة.',
    'This unit is not open yet': 'هذه الوحدة لم تُفتح بعد.',
    'You are not enrolled in this course': 'أنت غير مشترك في هذا الكورس.',
    'You do not have access to this unit': 'ليس لديك صلاحية للوصول إلى هذه الوحدة.',
    'Lesson details not found.': 'لم نجد هذا الدرس.',
    'Course details not found.': 'لم نجد هذا الكورس.',
    'Unit not found.': 'لم نجد هذه الوحدة.',
    'Code not found.': 'الكود غير صحيح أو غير موجود.',
    'Code already used.': 'هذا الكود مستخدم من قبل.',
    'Already enrolled': 'أنت مشترك بالفعل في هذا الكورس.',
    'Code is required': 'من فضلك أدخل الكود.',
    'You are not authorized to submit quiz results': 'من فضلك سجّل الدخول أولًا.',
    Unauthorized: 'من فضلك سجّل الدخول أولًا.',
    'Invalid or expired refresh token': 'انتهت جلستك، من فضلك سجّل الدخول مرة أخرى.',
    'Please confirm your email before logging in.': 'من فضلك أكّد بريدك الإلكتروني قبل تسجيل الدخول.',
    "You can't log in from more than two devices.": 'لا يمكنك تسجيل الدخول من أكثر من جهازين.',
    'Internal server error': 'حدث خطأ في الخادم، حاول مرة أخرى لاحقًا.',
    'Request body is too large': 'البيانات المرسلة أكبر من المسموح.',
    'Invalid characters in input': 'يحتوي ما كتبته على رموز غير مسموح بها.',
    'The server is busy. Please try again shortly.': 'الضغط على المنصة كبير الآن، حاول مرة أخرى بعد لحظات.',
  } as Record<string, string>,
} as const;

export type Messages = typeof messages;

/**
 * A refused attempt (429): how long to wait, from the answer's Retry-After, in Arabic words and
 * digits ('محاولات كثيرة، حاول مرة أخرى بعد ١٥ دقيقة'); without it, 'after a little while'.
 */
export function tooManyAttemptsText(retryAfterSeconds: number | null): string {
  return retryAfterSeconds === null
    ? messages.serverMessages['Too many attempts. Please try again later.']!
    : `محاولات كثيرة، حاول مرة أخرى بعد ${waitSpanLabelAr(retryAfterSeconds * 1000)}`;
}

/**
 * A shed request (503 with Retry-After), said calmly: a read the client will ask again by itself
 * ('الضغط على المنصة كبير الآن، سنحاول مرة أخرى خلال ٥ ثوانٍ'), or a change the student sends again.
 */
export function overloadNoticeText(kind: 'retrying' | 'refused', seconds: number): string {
  // After «خلال» the dual is genitive: ثانيتين.
  const wait = seconds === 2 ? 'ثانيتين' : secondsLabelAr(seconds);
  return kind === 'retrying'
    ? `الضغط على المنصة كبير الآن، سنحاول مرة أخرى خلال ${wait}`
    : `الضغط على المنصة كبير الآن، حاول مرة أخرى خلال ${wait}`;
}

const ARABIC_LETTER = /[\u0600-\u06FF]/;

/**
 * The Arabic text for a server message: the catalogue's, else a validation rule's by field
 * (i18n/server-rules.ts). A message in another language that neither knows is never shown as sent:
 * the student gets the catalogue's 'unexpected error' instead.
 */
export function localizeServerMessage(message: string): string {
  const known = messages.serverMessages[message.trim()] ?? fieldRuleText(message);
  if (known) return known;
  return ARABIC_LETTER.test(message) ? message : messages.serverMessages['An unexpected error occurred']!;
}
