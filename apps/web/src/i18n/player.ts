// Every text of the course player and the unit viewer, in Arabic, under typed keys. Numbers are
// shown with Arabic-Indic digits; day counts use the domain's Arabic number agreement.
import { daysLabelAr, toArabicDigits } from '@app/domain';

const n = (value: number) => toArabicDigits(value);
const percent = (value: number) => `${n(value)}٪`;

/** Lesson counts with Arabic number agreement (درس واحد، درسان، ٣ دروس، ١١ درسًا، ١٠٠ درس). */
function lessonsLabel(count: number): string {
  if (count === 0) return 'لا توجد دروس';
  if (count === 1) return 'درس واحد';
  if (count === 2) return 'درسان';
  const mod100 = count % 100;
  const noun = mod100 >= 3 && mod100 <= 10 ? 'دروس' : mod100 >= 11 ? 'درسًا' : 'درس';
  return `${n(count)} ${noun}`;
}

/** After the preposition خلال the dual is يومين, not the nominative يومان. */
const afterPreposition = (days: number) => (days === 2 ? 'يومين' : daysLabelAr(days));

export const playerMessages = {
  topBar: {
    backToCourses: 'العودة إلى كورساتي',
    backToLectures: 'العودة إلى محاضراتي',
    showCurriculum: 'إظهار المنهج',
    hideCurriculum: 'إخفاء المنهج',
    position: (current: number, total: number) => `${n(current)} / ${n(total)}`,
    positionLabel: (current: number, total: number) => `الدرس ${n(current)} من ${n(total)}`,
    percentComplete: (value: number) => `${percent(value)} مكتمل`,
    progressLabel: 'نسبة إكمال الكورس',
  },
  sidebar: {
    title: 'محتوى الكورس',
    unitTitle: 'دروس الوحدة',
    close: 'إغلاق المنهج',
    unitNumber: (number: number) => `الوحدة ${n(number)}`,
    lessonCount: lessonsLabel,
    video: 'درس فيديو',
    quiz: 'اختبار',
    completed: 'مكتمل',
    submitted: 'تم التسليم',
    locked: 'مقفل',
    current: 'الدرس الحالي',
  },
  availability: {
    permanent: 'متاح دائمًا',
    open: (daysLeft: number) => `متاحة، يتبقى ${daysLabelAr(daysLeft)}`,
    notYet: (days: number) => `هذه الوحدة ستكون متاحة خلال ${afterPreposition(days)}`,
    ended: 'انتهت فترة الوصول لهذه الوحدة',
    noEnrollmentDate: 'تاريخ الاشتراك غير متاح',
  },
  selection: {
    lessonUnavailable: 'الدرس غير متاح',
    previousQuiz: 'يجب إكمال الاختبار السابق أولًا',
    noUnits: 'لا توجد وحدات متاحة حاليًا',
    noLessons: 'لا توجد دروس متاحة حاليًا',
    dismiss: 'إغلاق الرسالة',
  },
  countdown: {
    label: 'الوقت المتبقي للوصول إلى هذه الوحدة',
  },
  lessonErrors: {
    previousQuiz: 'يجب إكمال الاختبار السابق أولًا',
    unitEnded: 'انتهت فترة الوصول لهذه الوحدة',
    unitNotOpen: 'هذه الوحدة غير متاحة حاليًا',
    notEnrolled: 'أنت غير مشترك في هذا الكورس',
    forbidden: 'ليس لديك صلاحية لفتح هذا الدرس',
    notFound: 'تفاصيل الدرس غير موجودة',
    failed: 'فشل تحميل تفاصيل الدرس',
    loading: 'جارٍ تحميل الدرس...',
    retry: 'إعادة المحاولة',
  },
  courseNotFound: {
    title: 'الكورس غير موجود',
    body: 'لم نتمكن من تحميل هذا الكورس. ربما لم تشترك فيه أو لم يعد متاحًا.',
    back: 'العودة إلى كورساتي',
    loadFailed: 'حدث خطأ أثناء تحميل الكورس',
    loading: 'جارٍ تحميل الكورس...',
  },
  unitClosed: {
    /** The last open day, in the school's time zone: the window closes at the next midnight. */
    endedOn: (lastDay: string) => `انتهت مدة إتاحة هذه المحاضرة بنهاية يوم ${lastDay}`,
    opensIn: (days: number) => `ستُتاح هذه المحاضرة خلال ${afterPreposition(days)}`,
    unavailable: 'هذه المحاضرة غير متاحة حاليًا',
    help: 'لديك كود جديد؟ أدخله لتفتح المحاضرة من جديد، أو تواصل مع المشرف.',
    enterNewCode: 'إدخال كود جديد',
    contactSupervisor: 'تواصل مع المشرف على واتساب',
  },
  unitUnavailable: {
    title: 'الوحدة غير متاحة',
    body: 'حاول مرة أخرى أو تواصل مع الدعم',
    back: 'العودة إلى محاضراتي',
    loadFailed: 'حدث خطأ أثناء تحميل دروس الوحدة',
    loading: 'جارٍ تحميل الوحدة...',
  },
  attachment: {
    title: 'ملفات الكورس',
    download: 'تحميل',
    downloadLabel: (title: string) => `تحميل ${title}`,
    unknownType: 'ملف',
    untitled: 'ملف مرفق',
  },
  /** After the last lesson, in place of the spec's page reload. */
  courseEnd: {
    complete: 'أكملت الكورس بنجاح!',
    reachedEnd: 'وصلت إلى نهاية الكورس',
    percent: (value: number) => `أكملت ${percent(value)} من الكورس`,
    remaining: 'بقيت دروس لم تكملها بعد، افتح المنهج لإكمالها.',
    curriculum: 'عرض المنهج',
    again: 'مشاهدة الدرس مرة أخرى',
    back: 'العودة إلى كورساتي',
  },
  celebration: {
    title: 'أحسنت!',
    body: 'أكملت الدرس بنجاح، واصل التقدم',
  },
  video: {
    region: 'مشغل الفيديو',
    noVideo: 'لا يوجد فيديو لهذا الدرس',
    playbackError: 'تعذر تشغيل الفيديو. تحقق من اتصالك ثم أعد المحاولة.',
    play: 'تشغيل',
    pause: 'إيقاف مؤقت',
    seek: 'شريط التقدم',
    volume: 'مستوى الصوت',
    mute: 'كتم الصوت',
    unmute: 'إلغاء كتم الصوت',
    speed: 'سرعة التشغيل',
    speedOption: (speed: number) => (speed === 1 ? 'عادية' : `${n(speed)}×`),
    quality: 'الجودة',
    qualityAuto: 'تلقائي',
    qualityHeight: (height: number) => n(height),
    dataSaverGroup: 'استهلاك البيانات',
    dataSaver: 'توفير البيانات',
    captions: 'الترجمة',
    captionsOff: 'إيقاف',
    fullscreen: 'ملء الشاشة',
    exitFullscreen: 'الخروج من ملء الشاشة',
    time: (elapsed: string, total: string) => `${elapsed} / ${total}`,
    timeLabel: (elapsed: string, total: string) => `الوقت المنقضي ${elapsed} من ${total}`,
    completeAndContinue: 'أكمل وتابع',
    completeLesson: 'إنهاء الدرس',
    enjoyed: 'استمتعت بالمحاضرة',
    completing: 'جارٍ الحفظ...',
    completeFailed: 'تعذر حفظ إكمال الدرس، حاول مرة أخرى',
    completedNote: 'أكملت هذا الدرس',
    liveSession: 'انضم إلى البث المباشر',
    liveSessionHint: 'يمكنك متابعة المحاضرة في صفحة البث',
    /** A video that is not on YouTube, with no live session set for its lesson. */
    noLiveSession: 'لا يوجد بث مباشر لهذا الدرس حاليًا',
    liveSessionUnavailable: 'غير متاح',
  },
  quiz: {
    readyTitle: 'هل أنت مستعد للاختبار؟',
    readyHint: (count: number) => `عدد الأسئلة: ${n(count)}. لا يمكنك الرجوع إلى سؤال سابق بعد الانتقال.`,
    ready: 'جاهز',
    curriculum: 'المنهج',
    questionOf: (index: number, total: number) => `السؤال ${n(index)} من ${n(total)}`,
    percentComplete: (value: number) => `${percent(value)} مكتمل`,
    progressLabel: 'التقدم في الاختبار',
    next: 'التالي',
    finish: 'إنهاء',
    submitting: 'جارٍ الإرسال...',
    empty: 'لا توجد أسئلة متاحة',
    unauthorized: 'غير مصرح لك بإرسال نتيجة الاختبار',
    submitFailed: 'فشل إرسال نتيجة الاختبار',
    retry: 'إعادة المحاولة',
    resultTitle: 'نتيجة الاختبار',
    score: (value: number) => percent(value),
    scoreLabel: 'النسبة المئوية',
    correctCount: (correct: number, total: number) => `الإجابات الصحيحة: ${n(correct)} من ${n(total)}`,
    showReview: 'عرض الإجابات الصحيحة',
    hideReview: 'إخفاء الإجابات الصحيحة',
    correctAnswer: 'الإجابة الصحيحة',
    yourCorrectAnswer: 'إجابتك صحيحة',
    yourWrongAnswer: 'إجابتك خاطئة',
    nextLesson: 'إنهاء والانتقال للدرس التالي',
    backToCurriculum: 'إنهاء والعودة إلى المنهج',
  },
} as const;
