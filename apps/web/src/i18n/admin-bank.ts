// The admin's «بنك الأسئلة» screen (decision 0013), in Arabic. Only the admin chunk imports this file.
import {
  BANK_ANSWER_COLUMNS,
  BANK_COLUMNS,
  BANK_COLUMNS_AR,
  BANK_LIMITS,
  DIFFICULTY_AR,
  type BankImportFileError,
  type BankImportProblem,
} from '@app/contract';
import { toArabicDigits } from '@app/domain';
import { adminMessages, counted } from './admin';

const n = (value: number) => toArabicDigits(value);
/** «من ١ إلى ٦»: the numbers `correct` may hold, one per answer column. */
const correctRange = `من ١ إلى ${n(BANK_ANSWER_COLUMNS.length)}`;
const v = adminMessages.validation;
/** A column as the teacher's file heads it. */
const col = (column: keyof typeof BANK_COLUMNS_AR) => `«${BANK_COLUMNS_AR[column]}»`;

/** One problem of an imported row, in the words of the file's own Arabic headers. */
function importProblem(problem: BankImportProblem): string {
  switch (problem.code) {
    case 'unknown-column':
      return `عمود غير معروف «${problem.value}»`;
    case 'duplicate-column':
      return `العمود ${col(problem.column)} مكرر`;
    case 'missing-columns':
      return `أعمدة ناقصة: ${problem.columns.map(col).join('، ')}`;
    case 'answer-gap':
      return `الإجابات متتالية بدءًا من ${col('answer1')}، و${col(problem.column)} فارغة`;
    case 'correct-missing':
      return `${col('correct')} فارغة: اكتب فيها رقم الإجابة الصحيحة (${correctRange})`;
    case 'correct-not-a-number':
      return `${col('correct')} رقم ${correctRange}`;
    case 'correct-names-empty':
      return `${col('correct')} تشير إلى ${col(problem.column)}، وهي فارغة`;
    case 'difficulty-unknown':
      return `${col('difficulty')}: سهل أو متوسط أو صعب`;
    case 'required':
      return v.required(col(problem.column));
    case 'too-long':
      return v.tooLong(col(problem.column), problem.limit);
    case 'too-few-answers':
      return v.answersMin(problem.limit);
    case 'text-rule':
      return problem.rule === 'control' || problem.rule === 'malformed'
        ? `${col(problem.column)}: فيها رموز تحكم أو حروف تالفة لا تُقبل`
        : v.text[problem.rule](col(problem.column));
    case 'invalid':
      return problem.column ? v.invalid(col(problem.column)) : 'قيمة غير صالحة';
  }
}

/** Why a whole file was refused. */
function importFileRefusal(error: BankImportFileError): string {
  switch (error.file) {
    case 'not-a-spreadsheet':
      return 'الملف ليس CSV ولا Excel (xlsx): احفظه من Excel بإحدى الصيغتين ثم استورده.';
    case 'unreadable-csv':
      return `تعذّرت قراءة ملف CSV${error.line ? ` قرب السطر ${n(error.line)}` : ''}: احفظه من Excel بصيغة «CSV UTF-8» ثم استورده.`;
    case 'empty':
      return 'الملف فارغ: يلزمه صف العناوين ثم سؤال في كل صف.';
    case 'no-questions':
      return 'لا أسئلة في الملف تحت صف العناوين.';
    case 'too-many-rows':
      return `في الملف أكثر من ${n(BANK_LIMITS.maxImportRows)} سؤال: قسّمه إلى ملفات أصغر.`;
  }
}
/** After «في»: the dual in the genitive. */
const attempts = (value: number) =>
  counted(value, { one: 'محاولة واحدة', two: 'محاولتين', few: 'محاولات', many: 'محاولة', other: 'محاولة' });

export const adminBankMessages = {
  title: 'بنك الأسئلة',
  titleOf: (course: string) => `بنك الأسئلة: ${course}`,
  subtitle:
    'أسئلة الكورس التي تسحب منها الاختبارات: لكل سؤال صعوبته وموضوعه، ويُسحب لكل محاولة ما تطلبه إعدادات الاختبار.',
  back: 'العودة إلى الكورس',
  openBank: 'بنك الأسئلة',
  newQuestion: 'سؤال جديد',
  newTitle: 'إضافة سؤال',
  editTitle: 'تعديل السؤال',
  filters: 'تصفية الأسئلة',
  searchLabel: 'ابحث في نص السؤال',
  question: 'السؤال',
  questionText: 'نص السؤال',
  topic: 'الموضوع',
  topicHint: 'اختياري، مثل «الباب الأول». تختار إعدادات الاختبار الأسئلة بالموضوع والصعوبة.',
  allTopics: 'كل الموضوعات',
  noTopic: 'بلا موضوع',
  difficulty: 'الصعوبة',
  allDifficulties: 'كل المستويات',
  difficultyName: DIFFICULTY_AR,
  correctAnswer: 'الإجابة الصحيحة',
  explanation: 'الشرح (اختياري)',
  explanationHint: 'يراه الطالب بعد الاختبار إن سمحت إعدادات الاختبار بعرض الشرح.',
  image: 'صورة السؤال (اختيارية)',
  imageHint: 'PNG أو JPEG أو WebP، حتى ٢٠ ميجابايت.',
  imagePreview: 'معاينة صورة السؤال',
  removeImage: 'احذف صورة السؤال',
  hasImage: 'للسؤال صورة',
  drawn: (times: number) => `سُحب في ${attempts(times)}`,
  // 0 times: a start drew it and stored no attempt (a double tap); its answers are frozen all the same.
  answersLocked: (times: number) =>
    (times > 0
      ? `سُحب هذا السؤال في ${attempts(times)}، فلا يمكن تغيير إجاباته: الطلاب أجابوا عنها كما هي. `
      : 'سُحب هذا السؤال لاختبار، فلا يمكن تغيير إجاباته. ') +
    'يمكنك تعديل نصه وشرحه وصعوبته وموضوعه، أو حذفه وإضافة سؤال جديد مكانه.',
  create: 'إضافة السؤال',
  created: 'أُضيف السؤال.',
  saved: 'حُفظ السؤال.',
  editLabel: (text: string) => `تعديل السؤال «${text}»`,
  deleteLabel: (text: string) => `حذف السؤال «${text}»`,
  deleteTitle: 'حذف السؤال',
  deleteBody: (text: string, drawn: boolean) =>
    drawn
      ? `سُحب «${text}» لاختبار من قبل: سيُخفى من البنك ولن يُسحب بعد الآن، وتبقى محاولات الطلاب كما هي.`
      : `سيُحذف «${text}». لا يمكن التراجع عن ذلك.`,
  deleted: 'حُذف السؤال.',
  empty: 'لا توجد أسئلة في البنك بعد. أضف سؤالًا أو استورد ملفًا.',
  import: 'استيراد',
  importTitle: 'استيراد أسئلة من ملف',
  importFile: 'ملف الأسئلة (CSV أو Excel)',
  importHelp: `الصف الأول عناوين الأعمدة بالعربية أو الإنجليزية، ثم سؤال في كل صف. الأعمدة: ${BANK_COLUMNS.map(
    (column) => BANK_COLUMNS_AR[column],
  ).join(
    '، ',
  )}. «الصحيحة» رقم الإجابة الصحيحة (${correctRange})، والصعوبة سهل أو متوسط أو صعب. يُستورد الملف كله أو لا يُستورد شيء.`,
  importLimits: `حتى ${n(BANK_LIMITS.maxImportRows)} سؤال و${n(BANK_LIMITS.maxImportBytes / 1024 / 1024)} ميجابايت في الملف.`,
  template: 'تنزيل ملف فارغ بالأعمدة',
  importing: 'جارٍ الاستيراد...',
  chooseImportFile: 'اختر ملف CSV أو Excel أولًا.',
  importTooLarge: `الملف أكبر من ${n(BANK_LIMITS.maxImportBytes / 1024 / 1024)} ميجابايت.`,
  imported: (count: number) => `تم استيراد ${adminMessages.editor.questions(count)}`,
  importRefused: 'لم يُستورد شيء: صحّح هذه الصفوف ثم استورد الملف من جديد.',
  importUnreadable: 'لم يُستورد شيء: تعذّرت قراءة الملف.',
  row: (row: number) => `الصف ${n(row)}`,
  /** A row's problems in one sentence. */
  importProblems: (problems: BankImportProblem[]) => problems.map(importProblem).join('؛ '),
  importFileRefusal: (error: BankImportFileError) => `لم يُستورد شيء: ${importFileRefusal(error)}`,
  exportCsv: 'تصدير CSV',
  exportExcel: 'تصدير Excel',
  conflict: 'سُحب هذا السؤال في محاولة، فلا يمكن تغيير إجاباته.',
};
