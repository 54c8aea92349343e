// A quiz lesson's «إعدادات الاختبار» panel and its «إحصاءات الاختبار» screen (decision 0013), in
// Arabic. Only the admin chunk imports this file. Numbers use Arabic-Indic digits.
import { DIFFICULTY_AR, EXAM_LIMITS } from '@app/contract';
import { timesLabelAr, toArabicDigits } from '@app/domain';

const n = (value: number) => toArabicDigits(value);

export const adminExamMessages = {
  settings: {
    title: 'إعدادات الاختبار',
    intro:
      'اجعل هذا الاختبار امتحانًا: مدة محددة، ودرجة نجاح، وعدد محاولات، وأسئلة تُسحب من بنك الأسئلة لكل محاولة.',
    statistics: 'إحصاءات الاختبار',
    examSwitch: 'اختبار بإعدادات',
    notSavedYet: 'لم تُحفظ بعد: يبقى الاختبار عاديًا حتى تحفظ إعداداته.',
    examSwitchHint: 'عند إيقافه يعود الاختبار اختبارًا عاديًا: محاولة واحدة بلا وقت بأسئلته المكتوبة.',
    examLocked:
      'بدأ طلاب محاولات في هذا الاختبار، فلا يمكن إعادته اختبارًا عاديًا. ما زال بإمكانك تعديل إعداداته.',
    attemptsStarted: (count: number) => `محاولات الطلاب حتى الآن: ${n(count)}`,
    submittedBefore: (count: number) =>
      `طلاب قدّموه قبل أن تُضاف إعداداته: ${n(count)}. نتيجة كلٍّ منهم تُحسب محاولته الأولى، فلن يبدأ محاولة جديدة إلا إذا سمحت بأكثر من محاولة واحدة.`,
    source: 'مصدر الأسئلة',
    sourceFixed: 'الأسئلة المكتوبة في الدرس',
    sourceBank: 'سحب من بنك الأسئلة',
    noOwnQuestions:
      'ليس في هذا الدرس أسئلة مكتوبة: أضف أسئلة إلى الدرس واحفظه، أو اسحب الأسئلة من بنك الأسئلة.',
    timeLimit: 'مدة الاختبار بالدقائق',
    timeLimitHint: 'اتركه فارغًا: بدون وقت.',
    passMark: 'درجة النجاح (٪)',
    passMarkHint: 'اتركه فارغًا: بلا درجة نجاح. الطالب الذي لا يبلغها لا تُفتح له الدروس التالية.',
    // The settings write re-decides every stored result at the new mark (pass-verdict.ts).
    passMarkRegrades:
      'تغيير درجة النجاح يعيد الحكم على نتائج من قدّموا الاختبار من قبل: من صارت نتيجته دونها تُقفل عليه الدروس التالية في وحدته، ومن بلغها تُفتح له.',
    attemptsAllowed: 'عدد المحاولات المسموح بها',
    counts: 'تُحتسب',
    countsBest: 'أعلى درجة',
    countsLast: 'آخر محاولة',
    review: 'عرض الإجابات الصحيحة للطالب',
    reviewImmediate: 'بعد التسليم مباشرة',
    reviewAfterDeadline: 'بعد انتهاء موعد الاختبار',
    reviewNever: 'لا تُعرض',
    showExplanations: 'عرض شرح كل سؤال في المراجعة',
    opensAt: 'موعد فتح الاختبار',
    // An exam with an opening time is rehearsed by the server before it (decision 0015): the teacher
    // of a grade starting together is told to set one.
    opensAtHint:
      'اتركه فارغًا: مفتوح من الآن. بتوقيت جهازك. لامتحان يبدؤه الصف معًا حدّد موعده: يُفتح للجميع في الدقيقة نفسها، وتستعد له المنصة قبلها.',
    closesAt: 'موعد إغلاق الاختبار',
    closesAtHint: 'اتركه فارغًا: بلا موعد إغلاق. بتوقيت جهازك.',
    save: 'حفظ إعدادات الاختبار',
    saved: 'حُفظت إعدادات الاختبار.',
    removed: 'عاد الاختبار اختبارًا عاديًا بمحاولة واحدة.',
    removeConflict: 'بدأ طلاب محاولات في هذا الاختبار، فلا يمكن إعادته اختبارًا عاديًا.',
    removeTitle: 'إعادته اختبارًا عاديًا؟',
    removeBody:
      'تُحذف إعدادات الاختبار كلها (المدة ودرجة النجاح والمحاولات والمواعيد وقواعد السحب)، ويعود محاولة واحدة بلا وقت بأسئلته المكتوبة.',
    removeConfirm: 'إعادته اختبارًا عاديًا',
    removing: 'جارٍ الإعادة...',
  },
  draw: {
    title: 'قواعد السحب',
    hint: 'لكل قاعدة موضوع وصعوبة وعدد: يُسحب لكل طالب هذا العدد من الأسئلة المطابقة، مختلفًا من طالب لآخر.',
    rule: (index: number) => `القاعدة ${n(index)}`,
    topic: 'الموضوع',
    anyTopic: 'أي موضوع',
    noTopic: 'بلا موضوع',
    difficulty: 'الصعوبة',
    anyDifficulty: 'أي صعوبة',
    difficultyName: DIFFICULTY_AR,
    count: 'عدد الأسئلة',
    available: (count: number) => `متاح: ${n(count)}`,
    add: 'إضافة قاعدة',
    remove: (index: number) => `حذف القاعدة ${n(index)}`,
    total: (count: number) => `مجموع الأسئلة في كل محاولة: ${n(count)}`,
    topicsFailed: 'تعذّر تحميل موضوعات بنك الأسئلة.',
    tooMany: (available: number) => `البنك فيه ${n(available)} فقط من الأسئلة المطابقة لهذه القاعدة.`,
  },
  validation: {
    timeLimit: `المدة عدد صحيح من الدقائق، من ١ إلى ${n(EXAM_LIMITS.maxTimeLimitMinutes)}`,
    passMark: 'درجة النجاح عدد صحيح من ٠ إلى ١٠٠',
    attempts: `عدد المحاولات عدد صحيح من ١ إلى ${n(EXAM_LIMITS.maxAttempts)}`,
    count: `عدد الأسئلة عدد صحيح من ١ إلى ${n(EXAM_LIMITS.maxDrawCount)}`,
    rulesMin: 'أضف قاعدة سحب واحدة على الأقل',
    rulesMax: `${n(EXAM_LIMITS.maxDrawRules)} قاعدة سحب على الأكثر`,
    dateTime: 'أدخل تاريخًا ووقتًا صحيحين',
    closesAfterOpens: 'يجب أن يكون موعد الإغلاق بعد موعد الفتح',
  },
  statistics: {
    title: (lesson: string) => `إحصاءات الاختبار: ${lesson}`,
    back: 'العودة إلى الاختبار',
    export: 'تصدير CSV',
    summary: 'ملخص',
    submitted: 'قدّموا الاختبار',
    average: 'متوسط الدرجات',
    passed: 'نجحوا',
    passedOf: (passed: number, submitted: number) => `${n(passed)} من ${n(submitted)}`,
    distribution: 'توزيع الدرجات',
    distributionHint: 'عدد الطلاب في كل فئة من الدرجات (الدرجة المحتسبة لكل طالب).',
    band: (from: number, to: number) => `${n(from)}–${n(to)}٪`,
    band100: 'الدرجات',
    students: 'عدد الطلاب',
    bandStudents: (band: string, count: number) => `${band}: ${n(count)}`,
    asTable: 'عرض الأرقام في جدول',
    questions: 'الأسئلة',
    order: 'الترتيب',
    orderExam: 'بترتيب الاختبار',
    orderHardest: 'الأصعب أولًا',
    // Shown only when the list holds both: a quiz taken on its own questions before it drew from the bank.
    source: { fixed: 'من أسئلة الدرس', bank: 'من بنك الأسئلة' },
    correctShare: 'نسبة الإجابة الصحيحة',
    notAnswered: 'لم يُجب عنه أحد بعد',
    // Closed attempts that held the question: those left unanswered at the deadline count too.
    answered: (count: number) => `عدد المحاولات التي ظهر فيها: ${n(count)}`,
    mostWrong: 'أكثر إجابة خاطئة اختيرت',
    chosenTimes: (count: number) => `اختيرت ${timesLabelAr(count)}`,
    noWrong: 'لم يختر أحد إجابة خاطئة.',
    /** No wrong answer chosen, yet not all correct: the rest were left unanswered. */
    noWrongUnanswered: 'لم يختر أحد إجابة خاطئة، ومن لم يُصب فيه تركه بلا إجابة.',
    noQuestions: 'لا توجد أسئلة مُجاب عنها بعد.',
    notAttempted: (count: number) => `لم يحاولوا (${n(count)})`,
    everyoneAttempted: 'حاول كل الطلاب المشتركين هذا الاختبار.',
    lockedOut: (count: number) => `لم ينجحوا ولم تبقَ لهم محاولة (${n(count)})`,
    lockedOutHint:
      'تبقى الدروس التالية في الوحدة مقفلة على هؤلاء. «السماح بمحاولة أخرى» يتيح للطالب وحده محاولة واحدة بعد محاولاته؛ ولإتاحتها للجميع زد «عدد المحاولات المسموح بها» في إعدادات الاختبار. ومن أُغلق عليه الاختبار لا يفتحه له إلا موعد إغلاق أبعد.',
    retake: 'السماح بمحاولة أخرى',
    retakeLabel: (name: string) => `السماح لـ${name} بمحاولة أخرى`,
    retakeDone: (name: string) => `يستطيع ${name} الآن بدء محاولة أخرى.`,
    examClosed: 'أُغلق الاختبار',
    retakeClosed: 'أُغلق الاختبار، فلا تفيد محاولة إضافية: أخّر موعد الإغلاق في إعدادات الاختبار.',
    retakeAttemptOpen: 'يؤدي هذا الطالب محاولة الآن؛ انتظر حتى يسلّمها.',
    noneLockedOut: 'لا يوجد طالب دون درجة النجاح استنفد محاولاته.',
    phone: (name: string) => `اتصال بـ ${name}`,
    noSubmissions: 'لم يقدّم أحد هذا الاختبار بعد.',
  },
};
