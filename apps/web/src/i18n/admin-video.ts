// The lesson form's uploaded video and captions (decision 0012), in Arabic. Only the admin chunk
// imports this file. Percentages and sizes use Arabic-Indic digits.
import { toArabicDigits } from '@app/domain';

const n = (value: number) => toArabicDigits(value);
const percent = (value: number) => `${n(Math.floor(value))}٪`;

/** Bytes as the admin reads them: megabytes under a gigabyte, else gigabytes with one decimal. */
function size(bytes: number): string {
  const gib = bytes / 1024 ** 3;
  if (gib >= 1) return `${toArabicDigits(String(Math.round(gib * 10) / 10).replace('.', '٫'))} جيجابايت`;
  return `${n(Math.max(1, Math.round(bytes / 1024 ** 2)))} ميجابايت`;
}

export const adminVideoMessages = {
  upload: {
    title: 'رفع فيديو',
    intro: 'ارفع ملف الفيديو، فيحوّله الخادم إلى جودات ٢٤٠ إلى ٧٢٠ ويشغّله الطلاب بمشغّل المنصة بدل الرابط.',
    saveFirst: 'احفظ الدرس أولًا، ثم ارجع إليه لرفع الفيديو وملفات الترجمة.',
    choose: 'اختيار ملف الفيديو',
    fileLabel: 'ملف الفيديو',
    fileHint: (max: number) => `MP4 أو MOV أو MKV أو WebM أو AVI، حتى ${size(max)}.`,
    tooLarge: (max: number) => `الملف أكبر من الحد المسموح (${size(max)}).`,
    noFfmpeg:
      'معالجة الفيديو غير مثبّتة على هذا الخادم: على مشغّل المنصة تثبيت ffmpeg (ومعه ffprobe) ثم إعادة تشغيل الخادم، وحتى ذلك الحين استخدم رابط فيديو.',
    supportFailed: 'تعذّر التحقق من دعم رفع الفيديو على الخادم.',
    progressLabel: 'تقدّم رفع الفيديو',
    uploading: (name: string) => `جارٍ رفع «${name}»`,
    percent,
    sentOf: (sent: number, total: number) => `${size(sent)} من ${size(total)}`,
    offline: 'انقطع الاتصال: سيُستأنف الرفع تلقائيًا عند عودته.',
    resume: 'استئناف الرفع',
    cancelUpload: 'إلغاء الرفع',
    done: 'اكتمل الرفع، وأُضيف الفيديو إلى قائمة التحويل.',
    unfinished: (name: string) =>
      name
        ? `لم يكتمل رفع «${name}»: اختر الملف نفسه ليُستكمل من حيث توقّف.`
        : 'لم يكتمل رفع سابق: اختر الملف نفسه ليُستكمل من حيث توقّف.',
    forget: 'تجاهل الرفع السابق',
    failures: {
      network: 'تعذّر الاتصال بالخادم.',
      'not-installed': 'معالجة الفيديو غير مثبّتة على هذا الخادم (ffmpeg).',
      'too-large': 'الملف أكبر من الحد الذي يقبله الخادم.',
      rejected: 'رفض الخادم الملف: ليس ملف فيديو يمكن قراءته.',
      forbidden: 'لا يمكن رفع فيديو لهذا الدرس.',
      other: 'تعذّر رفع الفيديو.',
    },
  },
  job: {
    title: 'حالة الفيديو المرفوع',
    none: 'لم يُرفع فيديو لهذا الدرس بعد: يُشغَّل رابط الفيديو.',
    queued: 'في الانتظار',
    running: (progress: number) => `جارٍ التحويل ${percent(progress)}`,
    runningLabel: 'تقدّم تحويل الفيديو',
    ready: 'جاهز',
    failed: (message: string) => `فشل: ${message}`,
    failedUnknown: 'فشل التحويل',
    cancelled: 'أُلغي التحويل',
    retry: 'إعادة المحاولة',
    cancel: 'إلغاء',
    renditions: (heights: number[]) => `الجودات: ${heights.map(n).join('، ')}`,
    playing: 'يشغّل الدرس الفيديو المرفوع بدل رابط الفيديو.',
    playingPrevious: 'يبقى الفيديو السابق معروضًا حتى يجهز الجديد.',
    stop: 'إيقاف استخدام الفيديو المرفوع',
    stopTitle: 'إيقاف استخدام الفيديو المرفوع؟',
    stopBody: 'سيعود الدرس إلى تشغيل رابط الفيديو. يمكنك رفع فيديو جديد في أي وقت.',
    stopping: 'جارٍ الإيقاف...',
    actionFailed: 'تعذّر تنفيذ الطلب، حاول مرة أخرى.',
    conflict: 'تغيّرت حالة الفيديو في هذه الأثناء، وعُرضت حالته الحالية.',
  },
  captions: {
    title: 'ملفات الترجمة',
    intro: 'ملفات WebVTT (.vtt) تظهر للطلاب في قائمة الترجمة بالمشغّل، للفيديو المرفوع ولرابط MP4.',
    empty: 'لا توجد ملفات ترجمة بعد.',
    listLabel: 'ملفات الترجمة الحالية',
    language: 'اللغة',
    languages: { ar: 'العربية', en: 'الإنجليزية', fr: 'الفرنسية' } as Record<string, string>,
    defaultLabels: { ar: 'العربية', en: 'English', fr: 'Français' } as Record<string, string>,
    label: 'الاسم الظاهر للطلاب',
    file: 'ملف الترجمة',
    fileHint: 'ملف WebVTT يبدأ بـ WEBVTT، حتى ٥١٢ كيلوبايت.',
    notVtt: 'اختر ملف ترجمة بصيغة ‎.vtt‎.',
    tooLarge: 'ملف الترجمة أكبر من ٥١٢ كيلوبايت.',
    chooseFile: 'اختر ملف الترجمة أولًا.',
    replaces: 'توجد ترجمة بهذه اللغة: سيحلّ الملف الجديد محلّها.',
    upload: 'رفع الترجمة',
    uploading: 'جارٍ الرفع...',
    uploaded: 'رُفع ملف الترجمة.',
    invalid: 'رفض الخادم الملف: يجب أن يكون ملف WebVTT بترميز UTF-8 يبدأ بـ WEBVTT.',
    remove: (label: string) => `حذف ترجمة ${label}`,
    removeTitle: 'حذف ملف الترجمة؟',
    removeBody: (label: string) => `لن تظهر ترجمة «${label}» للطلاب بعد الآن.`,
  },
} as const;
