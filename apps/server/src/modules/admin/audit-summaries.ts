// What an audit entry says about its change, in Arabic: the admin's «سجل العمليات» shows the sentence
// as it was written, beside the action's Arabic name (which the web app gives, decision 0003), and
// its search looks in it. Names are quoted as they were at the time of the change, counts are written
// in Arabic-Indic digits, and a count is put after its noun («عدد الأكواد: ٥٠») so that no sentence
// depends on Arabic number agreement. Entries written before stop 36 keep their English sentences.
import { toArabicDigits } from '@app/domain';

const quoted = (name: string) => `«${name}»`;
const count = (n: number) => toArabicDigits(n);
/** A file as stored: its kind (png, pdf, …) and size. */
const sized = (file: { kind: string; bytes: { length: number } }) =>
  `(${file.kind}، ${count(file.bytes.length)} بايت)`;

/** The site settings' fields by their names on the site screen. */
const SITE_FIELDS: Record<string, string> = {
  name: 'اسم المدرسة',
  whatsappNumber: 'رقم واتساب',
  facebookPage: 'صفحة فيسبوك',
  youtubeChannel: 'قناة يوتيوب',
  tiktokChannel: 'حساب تيك توك',
  trustedNetworks: 'عناوين شبكة المدرسة',
};

/** A captions language as an adjective of «ترجمة»; an unknown code as it is. */
const CAPTION_LANGUAGES: Record<string, string> = { ar: 'عربية', en: 'إنجليزية', fr: 'فرنسية' };
const language = (code: string) => CAPTION_LANGUAGES[code] ?? `(${code})`;

type StoredFile = Parameters<typeof sized>[0];

/** A course or a book (masculine nouns with «الـ»): what the admin does to one, by its name. */
const catalogueItem = (noun: string, createdVerb: string) => ({
  created: (name: string) => `${createdVerb} ${noun} ${quoted(name)}`,
  updated: (name: string) => `عُدّل ${noun} ${quoted(name)}`,
  active: (name: string, active: boolean) => `${active ? 'فُعّل' : 'أُوقف'} ${noun} ${quoted(name)}`,
  deleted: (name: string) => `حُذف ${noun} ${quoted(name)}`,
  // «لـ» before «الـ» drops the alif: «للكورس».
  image: (name: string, file: StoredFile) => `صورة جديدة ${sized(file)} لل${noun.slice(2)} ${quoted(name)}`,
});

export const auditSummary = {
  siteUpdated: (fields: readonly string[]) =>
    fields.length === 0
      ? 'حُفظت بيانات الموقع دون تغيير'
      : `عُدّلت بيانات الموقع: ${fields.map((field) => SITE_FIELDS[field] ?? field).join('، ')}`,
  quizGrading: (clientGraded: boolean, changed: boolean, from: 'site' | 'operator') =>
    `${clientGraded ? 'تطبيقات الطلاب الحالية تصحّح الاختبارات: تُرسَل إليها الإجابات الصحيحة' : 'الخادم يصحّح كل الاختبارات'}${changed ? '' : ' (دون تغيير)'} (${from === 'site' ? 'من شاشة الموقع' : 'من أداة التشغيل'})`,

  course: catalogueItem('الكورس', 'أُنشئ'),

  unitCreated: (name: string) => `أُضيفت الوحدة ${quoted(name)}`,
  unitUpdated: (name: string) => `عُدّلت الوحدة ${quoted(name)}`,
  unitDeleted: (name: string) => `حُذفت الوحدة ${quoted(name)}`,
  unitsReordered: (course: string, units: number) =>
    `أُعيد ترتيب وحدات الكورس ${quoted(course)} (عدد الوحدات: ${count(units)})`,

  lessonCreated: (name: string, type: 'Video' | 'Quiz', unit: string) =>
    `أُضيف ${type === 'Quiz' ? 'الاختبار' : 'الفيديو'} ${quoted(name)} إلى الوحدة ${quoted(unit)}`,
  lessonUpdated: (name: string, questions: number | null) =>
    `عُدّل الدرس ${quoted(name)}${questions === null ? '' : ` (عدد الأسئلة: ${count(questions)})`}`,
  lessonDeleted: (name: string) => `حُذف الدرس ${quoted(name)}`,
  lessonsReordered: (unit: string, lessons: number) =>
    `أُعيد ترتيب دروس الوحدة ${quoted(unit)} (عدد الدروس: ${count(lessons)})`,
  attachment: (lesson: string, file: StoredFile) => `رُفع مرفق ${sized(file)} للدرس ${quoted(lesson)}`,

  codesGenerated: (codes: number, course: string, unit: string | undefined, batch: string) =>
    `${unit === undefined ? 'أكواد اشتراك في الكورس' : `أكواد الوحدة ${quoted(unit)} من الكورس`} ${quoted(course)}، الدفعة ${quoted(batch)} (عدد الأكواد: ${count(codes)})`,
  codesDisabled: (batch: string, codes: number) =>
    `عُطّلت الأكواد غير المستخدمة من الدفعة ${quoted(batch)} (عددها: ${count(codes)})`,

  sessionsEnded: (student: string, sessions: number) =>
    `أُنهيت جلسات الطالب ${quoted(student)} على أجهزته (عدد الجلسات: ${count(sessions)})`,
  enrolled: (student: string, course: string) =>
    `اشترك الطالب ${quoted(student)} في الكورس ${quoted(course)}`,

  book: catalogueItem('الكتاب', 'أُضيف'),

  questionAdded: (text: string) => `أُضيف سؤال إلى بنك الأسئلة: ${quoted(text)}`,
  questionEdited: (text: string) => `عُدّل سؤال في بنك الأسئلة: ${quoted(text)}`,
  questionRemoved: (text: string, archived: boolean) =>
    archived
      ? `أُرشف سؤال من بنك الأسئلة (ظهر في محاولات سابقة): ${quoted(text)}`
      : `حُذف سؤال من بنك الأسئلة: ${quoted(text)}`,
  questionImage: (file: StoredFile) => `صورة جديدة ${sized(file)} لسؤال في بنك الأسئلة`,
  questionImageRemoved: () => 'حُذفت صورة سؤال في بنك الأسئلة',
  questionsImported: (course: string, questions: number) =>
    `استُوردت أسئلة إلى بنك أسئلة الكورس ${quoted(course)} (عدد الأسئلة: ${count(questions)})`,

  examSettings: (
    quiz: string,
    settings: {
      drawn: number | null;
      timeLimitMinutes: number | null;
      passMark: number | null;
      attemptsAllowed: number;
    },
  ) =>
    [
      `إعدادات الاختبار ${quoted(quiz)}: ${settings.drawn === null ? 'أسئلة ثابتة' : `يُسحب من البنك (عدد الأسئلة: ${count(settings.drawn)})`}`,
      settings.timeLimitMinutes === null
        ? 'دون وقت محدد'
        : `الوقت: ${count(settings.timeLimitMinutes)} دقيقة`,
      settings.passMark === null ? 'دون درجة نجاح' : `درجة النجاح: ${count(settings.passMark)}٪`,
      `المحاولات المسموحة: ${count(settings.attemptsAllowed)}`,
    ].join('، '),
  examSettingsRemoved: (quiz: string) => `عاد ${quoted(quiz)} اختبارًا عاديًا (حُذفت إعدادات الامتحان)`,
  /** `attempt` is the number of the attempt concerned; `extra` what the student has beyond the class. */
  retakeGranted: (student: string, quiz: string, attempt: number, extra: number, allowed: number) =>
    `يستطيع ${quoted(student)} بدء المحاولة رقم ${count(attempt)} في الاختبار ${quoted(quiz)} (محاولات إضافية: ${count(extra)}، والمسموح للجميع: ${count(allowed)})`,
  retakeWithdrawn: (student: string, quiz: string, attempt: number, extra: number, allowed: number) =>
    `سُحبت من ${quoted(student)} المحاولة رقم ${count(attempt)} في الاختبار ${quoted(quiz)} (محاولات إضافية: ${count(extra)}، والمسموح للجميع: ${count(allowed)})`,

  linkPlaysAgain: (lesson: string) => `يعود الدرس ${quoted(lesson)} إلى تشغيل رابطه بدل الفيديو المرفوع`,
  captionsUploaded: (lesson: string, code: string, label: string) =>
    `رُفعت ترجمة ${language(code)} ${quoted(label)} للدرس ${quoted(lesson)}`,
  captionsRemoved: (lesson: string, code: string) =>
    `حُذفت ترجمة ${language(code)} من الدرس ${quoted(lesson)}`,
  videoRetried: (videoId: number, lessonId: number) =>
    `أُعيد تجهيز الفيديو رقم ${count(videoId)} للدرس رقم ${count(lessonId)}`,
  videoCancelled: (videoId: number, lessonId: number) =>
    `أُلغي تجهيز الفيديو رقم ${count(videoId)} للدرس رقم ${count(lessonId)}`,
};
