// The demo catalogue: teachers, courses, demo accounts, the tenant's contact links, and the plan of
// codes and progress that makes every screen show something on first start.
import type { Grade } from '@app/domain';
import { EGYPT_LITERARY_COURSES } from './courses/egypt-literary';
import { EGYPT_SCIENCE_COURSES } from './courses/egypt-science';
import { OMAN_COURSES } from './courses/oman';
import type { DemoCourse, DemoTeacher, LessonRef, UnitRef } from './types';

/** Codes issued by the demo carry this batch label; the summary lists the unused ones. */
export const DEMO_BATCH_LABEL = 'demo';
export const DEMO_PASSWORD = 'demo1234';
export const DEMO_CODES_PER_BATCH = 5;

export const DEMO_TEACHERS: readonly DemoTeacher[] = [
  {
    key: 'arabic',
    name: 'أ. محمود عبد الرحمن',
    title: 'معلم أول اللغة العربية للمرحلة الثانوية',
    photoUrl: '/media/teacher.svg',
    bio: 'يدرّس النحو والبلاغة والأدب لطلاب الثانوية العامة منذ أكثر من خمسة عشر عامًا. يؤمن بأن القاعدة تُفهم من النص قبل أن تُحفظ، فيبدأ كل درس بآية أو بيت من الشعر ثم يستخرج منه القاعدة خطوة بخطوة.',
    credentials: [
      'ليسانس دار العلوم — جامعة القاهرة',
      'الدبلوم العام في التربية',
      'خبرة 15 عامًا في تدريس الثانوية العامة',
      'مؤلف مذكرات مراجعة النحو والبلاغة',
    ],
    methods: [
      'استخراج القاعدة من النصوص القرآنية والشعرية',
      'خرائط ذهنية تلخص كل باب نحوي',
      'اختبار قصير بعد كل درس مع تصحيح فوري',
      'مراجعة أسبوعية مباشرة قبل الامتحانات',
    ],
  },
  {
    key: 'chemistry',
    name: 'د. هالة إبراهيم',
    title: 'مدرسة الكيمياء للثانوية العامة',
    photoUrl: null,
    bio: 'دكتوراه في الكيمياء التحليلية، تشرح الكيمياء بالتجربة المصورة والمسائل المتدرجة من السهل إلى الصعب.',
    credentials: ['دكتوراه في الكيمياء التحليلية — جامعة عين شمس', 'خبرة 12 عامًا في تدريس الكيمياء'],
    methods: ['تجارب معملية مصورة', 'حل المسائل الحسابية خطوة بخطوة'],
  },
  {
    key: 'physics',
    name: 'م. كريم سامي',
    title: 'مدرس الفيزياء للثانوية العامة',
    photoUrl: null,
    bio: 'مهندس اتصالات تفرغ لتدريس الفيزياء، يربط كل قانون بتطبيق من الحياة اليومية ويعتمد على المحاكاة التفاعلية.',
    credentials: ['بكالوريوس هندسة الاتصالات — جامعة القاهرة', 'خبرة 10 أعوام في تدريس الفيزياء'],
    methods: ['محاكاة تفاعلية للتجارب', 'تدريب على أفكار مسائل الامتحانات'],
  },
  {
    key: 'literary',
    name: 'أ. منى عادل',
    title: 'مدرسة الفلسفة والمنطق وعلم النفس',
    photoUrl: null,
    bio: 'تقدّم المواد الأدبية بأسلوب الحوار والأمثلة الواقعية، وتساعد الطالب على الفهم بدل الحفظ.',
    credentials: ['ليسانس آداب قسم الفلسفة — جامعة الإسكندرية', 'دبلوم خاص في علم النفس التربوي'],
    methods: ['الحوار والمناقشة', 'خرائط المفاهيم والملخصات'],
  },
  {
    key: 'oman',
    name: 'أ. سالم بن خميس البلوشي',
    title: 'معلم العلوم والفيزياء — سلطنة عُمان',
    photoUrl: null,
    bio: 'يدرّس العلوم والفيزياء والكيمياء لطلاب الصفوف من العاشر إلى الثاني عشر وفق المنهج العُماني.',
    credentials: ['بكالوريوس التربية في العلوم — جامعة السلطان قابوس', 'خبرة 9 أعوام في التدريس'],
    methods: ['أنشطة عملية قصيرة', 'أسئلة تقويم بعد كل درس'],
  },
];

export const DEMO_COURSES: readonly DemoCourse[] = [
  ...EGYPT_SCIENCE_COURSES,
  ...EGYPT_LITERARY_COURSES,
  ...OMAN_COURSES,
];

export const DEMO_CONTACT = {
  whatsapp_number: '201000000000',
  facebook_page: 'https://www.facebook.com/madrasa.demo',
  youtube_channel: 'https://www.youtube.com/@madrasa.demo',
  tiktok_channel: 'https://www.tiktok.com/@madrasa.demo',
} as const;

export type DemoAccountKey = 'student' | 'new' | 'admin';

export type DemoAccountSpec = {
  key: DemoAccountKey;
  name: string;
  email: string;
  phone: string;
  parentPhone: string;
  academicYear: Grade | '';
  role: 'student' | 'admin';
  /** What logging in as this account shows, for the start-up message. */
  shows: { ar: string; en: string };
};

export const DEMO_ACCOUNTS: readonly DemoAccountSpec[] = [
  {
    key: 'student',
    name: 'يوسف أحمد',
    email: 'student@demo.local',
    phone: '01000000001',
    parentPhone: '01100000001',
    academicYear: 'Secondary3',
    role: 'student',
    shows: {
      ar: 'مشترك في كورسين مع تقدم ونتيجة اختبار، ومحاضرة مفتوحة بكود',
      en: 'enrolled in two courses, progress, a submitted quiz, a unit opened by a code',
    },
  },
  {
    key: 'new',
    name: 'مريم حسن',
    email: 'new@demo.local',
    phone: '01000000002',
    parentPhone: '01100000002',
    academicYear: 'Secondary3',
    role: 'student',
    shows: { ar: 'طالبة جديدة بلا اشتراكات: جرّب الأكواد أدناه', en: 'a new student: try the codes below' },
  },
  {
    key: 'admin',
    name: 'مشرف المنصة',
    email: 'admin@demo.local',
    phone: '01000000003',
    parentPhone: '',
    academicYear: '',
    role: 'admin',
    shows: { ar: 'حساب المشرف', en: 'the administrator' },
  },
];

/** Which courses and units get printable codes, and what the demo student has done. */
export const DEMO_PLAN: {
  enrollmentCodes: readonly string[];
  unitCodes: readonly UnitRef[];
  student: {
    enrolments: readonly string[];
    completedVideos: readonly LessonRef[];
    submittedQuiz: LessonRef & { correct: readonly boolean[] };
    unlockedUnit: UnitRef;
  };
} = {
  enrollmentCodes: ['chem-s3', 'physics-s3'],
  unitCodes: [
    { course: 'physics-s3', unit: 0 },
    { course: 'psych-s2', unit: 1 },
  ],
  student: {
    enrolments: ['chem-s3', 'philosophy-s3'],
    completedVideos: [
      { course: 'chem-s3', unit: 0, lesson: 0 },
      { course: 'chem-s3', unit: 0, lesson: 1 },
      { course: 'chem-s3', unit: 1, lesson: 0 },
      { course: 'philosophy-s3', unit: 0, lesson: 0 },
    ],
    submittedQuiz: { course: 'chem-s3', unit: 0, lesson: 2, correct: [true, true, false, true] },
    unlockedUnit: { course: 'physics-s3', unit: 1 },
  },
};
