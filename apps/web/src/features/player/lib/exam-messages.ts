// Every text of an exam's screens (a quiz with settings, decision 0013), in Arabic, with Arabic-Indic
// digits and the domain's Arabic number agreement.
import type { ExamResult } from '@app/contract';
import { minutesLabelAr, toArabicDigits } from '@app/domain';

const n = (value: number) => toArabicDigits(value);
const percent = (value: number) => `${n(value)}٪`;

export const examMessages = {
  details: 'تفاصيل الاختبار',
  timeLimit: (minutes: number | null) =>
    minutes === null ? 'بدون وقت محدد' : `مدة الاختبار: ${minutesLabelAr(minutes)}`,
  questionCount: (count: number) => `عدد الأسئلة: ${n(count)}`,
  passMark: (mark: number) => `درجة النجاح: ${percent(mark)}`,
  attempts: (used: number, allowed: number) => `المحاولات: ${n(used)} من ${n(allowed)}`,
  countsBest: 'تُحتسب أعلى درجة',
  countsLast: 'تُحتسب آخر محاولة',
  opensAt: (date: string) => `يفتح الاختبار: ${date}`,
  closesAt: (date: string) => `يُغلق الاختبار: ${date}`,
  noGoingBack: 'لا يمكنك الرجوع إلى سؤال سابق بعد الانتقال، وتُحفظ كل إجابة فور اختيارها.',
  start: 'ابدأ الاختبار',
  starting: 'جارٍ البدء...',
  continue: 'متابعة المحاولة',
  newAttempt: 'محاولة جديدة',
  notOpenYet: (date: string) => `يبدأ الاختبار في ${date}`,
  notOpen: 'لم يحن موعد بدء الاختبار بعد',
  startsIn: (wait: string) => `يبدأ بعد ${wait}`,
  closed: 'انتهى موعد هذا الاختبار',
  noAttemptsLeft: 'استنفدت كل المحاولات المتاحة لهذا الاختبار',
  cannotStart: 'لا يمكن بدء الاختبار الآن',
  startFailed: 'تعذر بدء الاختبار، حاول مرة أخرى',
  // Only the teacher can mend a bank too small for the draw: retrying would not help, so say whom to tell.
  bankTooSmall: 'لا يمكن بدء الاختبار الآن: أسئلة بنك الاختبار لا تكفي. أبلغ معلمك ليعدّل الاختبار.',
  bankChanging: 'يعدّل المعلم أسئلة هذا الاختبار الآن، حاول مرة أخرى بعد قليل.',
  // «للاختبار»: the player's unit banner above says «الوقت المتبقي للوصول إلى هذه الوحدة» (days).
  timeLeft: 'الوقت المتبقي للاختبار',
  minutesLeft: (minutes: number) => `الوقت المتبقي للاختبار ${minutesLabelAr(minutes)}`,
  lastMinute: 'باقٍ دقيقة واحدة',
  timeUp: 'انتهى الوقت',
  timeUpSubmitting: 'انتهى الوقت، وتُسلَّم إجاباتك المحفوظة تلقائيًا. ستظهر نتيجتك هنا.',
  notSaved: 'لم يُحفظ، جارٍ إعادة المحاولة…',
  questionImage: 'صورة السؤال',
  passed: 'ناجح',
  notPassed: (mark: number) => `لم تبلغ درجة النجاح (${percent(mark)})`,
  lockedUntilPass: 'تبقى الدروس التالية مقفلة حتى تنجح في هذا الاختبار.',
  // No attempt left, or the exam closed: only the teacher can open what follows (more attempts).
  lockedNoRetake: 'لا يمكنك إعادة هذا الاختبار، فتبقى الدروس التالية في هذه الوحدة مقفلة. تواصل مع معلمك.',
  autoSubmitted: 'سُلّمت تلقائيًا عند انتهاء الوقت',
  // Best counts and the latest attempt scored lower: what it scored, under the result that counts.
  latest: (latest: Pick<ExamResult, 'attemptNumber' | 'score' | 'correctCount' | 'total'>) =>
    `محاولتك الأخيرة${latest.attemptNumber === undefined ? '' : ` (رقم ${n(latest.attemptNumber)})`}: ${percent(latest.score)}، ${n(latest.correctCount)} من ${n(latest.total)}`,
  latestNotCounted: 'تُحتسب أعلى درجاتك، وهي النتيجة أعلاه.',
  attemptsLeft: (left: number) => `المحاولات المتبقية: ${n(left)}`,
  reviewAt: (date: string) => `ستظهر الإجابات بعد ${date}`,
  reviewNever: 'لا تُعرض الإجابات لهذا الاختبار',
  explanation: 'التوضيح',
  unanswered: 'لم تُجب عن هذا السؤال، فحُسب خطأً.',
} as const;
