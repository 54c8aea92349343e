// Test data and a fake server for the player's component tests (imported by tests only).
import type {
  CourseWithProgress,
  LessonContent,
  LessonRef,
  QuizResult,
  UnitWithProgress,
} from '@app/contract';
import { envelope, stubFetch, type Call } from '../../../../test/fetch';

/** 11:30 in Cairo on a Monday (Cairo is UTC+2 in March). */
export const NOW = new Date('2025-03-10T09:30:00Z');
export const DAY_MS = 86_400_000;
export const daysBefore = (days: number) => new Date(NOW.getTime() - days * DAY_MS).toISOString();

export const video = (id: number, lessonName: string, isCompleted = false): LessonRef => ({
  id,
  lessonName,
  type: 'Video',
  isCompleted,
  isQuizSubmitted: false,
  isQuizPassed: true,
  titel: null,
});
export const quiz = (
  id: number,
  lessonName: string,
  isQuizSubmitted = false,
  titel: string | null = null,
): LessonRef => ({
  id,
  lessonName,
  type: 'Quiz',
  isCompleted: false,
  isQuizSubmitted,
  isQuizPassed: true,
  titel,
});

export const COURSE_ID = 5;

/**
 * Unit 1: a done video, a video, an unsubmitted quiz, a video locked behind it.
 * Unit 2: two videos and a quiz. Unit 3: one video.
 */
export function makeCourse(overrides: Partial<CourseWithProgress> = {}): CourseWithProgress {
  return {
    id: COURSE_ID,
    courseName: 'coursesubject:chemistry الكيمياء للصف الثالث',
    enrollmentDate: daysBefore(3),
    isOpenToAll: false,
    timeZone: 'Africa/Cairo',
    units: [
      {
        id: 100,
        unitName: 'الوحدة الأولى: العناصر',
        unitTitle: 'العناصر',
        lessons: [
          video(1, 'مقدمة العناصر', true),
          video(2, 'خواص العناصر'),
          quiz(3, 'اختبار العناصر', false, 'سؤالان فقط'),
          video(4, 'تطبيقات العناصر'),
        ],
      },
      {
        id: 200,
        unitName: 'الوحدة الثانية: التحليل',
        unitTitle: 'التحليل',
        lessons: [video(5, 'التحليل الكيفي'), video(6, 'التحليل الكمي'), quiz(7, 'اختبار التحليل')],
      },
      {
        id: 300,
        unitName: 'الوحدة الثالثة: الاتزان',
        unitTitle: 'الاتزان',
        lessons: [video(8, 'الاتزان الكيميائي')],
      },
    ],
    ...overrides,
  };
}

export function videoContent(id: number, overrides: Partial<Extract<LessonContent, { type: 'Video' }>> = {}) {
  return {
    id,
    lessonName: `درس ${id}`,
    type: 'Video' as const,
    videoUrl: '/media/sample-lesson.mp4',
    hlsUrl: null,
    posterUrl: null,
    captions: [],
    attachmentUrl: null,
    attachmentTitle: null,
    liveSessionUrl: null,
    isCompleted: false,
    ...overrides,
  };
}

export const QUIZ_QUESTIONS = [
  {
    id: 31,
    text: 'ما العنصر الذي رمزه Fe؟',
    answers: [
      { id: 311, text: 'الحديد' },
      { id: 312, text: 'الفلور' },
    ],
  },
  {
    id: 32,
    text: 'ما العنصر الذي رمزه Na؟',
    answers: [
      { id: 321, text: 'النيتروجين' },
      { id: 322, text: 'الصوديوم' },
    ],
  },
];

export function quizContent(id: number, overrides: Partial<Extract<LessonContent, { type: 'Quiz' }>> = {}) {
  return {
    id,
    lessonName: 'اختبار العناصر',
    type: 'Quiz' as const,
    titel: 'سؤالان فقط',
    questions: QUIZ_QUESTIONS,
    result: null,
    ...overrides,
  };
}

/** One right (Fe → الحديد), one wrong (Na → النيتروجين). */
export const HALF_RIGHT: QuizResult = {
  score: 50,
  correctCount: 1,
  total: 2,
  notes: 'Correct answers: 1/2',
  review: [
    { questionId: 31, chosenAnswerId: 311, correctAnswerId: 311, isCorrect: true },
    { questionId: 32, chosenAnswerId: 321, correctAnswerId: 322, isCorrect: false },
  ],
};

export function makeUnit(overrides: Partial<UnitWithProgress> = {}): UnitWithProgress {
  return {
    id: 12,
    unitName: 'الوحدة الثانية: المغناطيسية',
    unitTitle: 'المغناطيسية',
    courseName: 'physics الفيزياء',
    enrollmentDate: daysBefore(2),
    order: 2,
    timeZone: 'Africa/Cairo',
    lessons: [
      video(41, 'المجال المغناطيسي', true),
      quiz(42, 'اختبار قصير', true),
      video(43, 'القوة المغناطيسية'),
      quiz(44, 'اختبار المجال'),
      video(45, 'الجلفانومتر'),
      video(46, 'الأميتر'),
    ],
    ...overrides,
  };
}

type Route = (call: Call) => Response | Promise<Response> | undefined;

/**
 * A fake API: the course tree, the unit tree, lesson content by id, completion and quiz submission.
 * `extra` answers first, for the call a test is about.
 */
export function fakeServer(options: {
  course?: CourseWithProgress;
  unit?: UnitWithProgress;
  content?: (id: number) => unknown;
  extra?: Route;
}) {
  return stubFetch(async (call) => {
    const handled = await options.extra?.(call);
    if (handled) return handled;
    const path = call.url.pathname;
    if (path === '/api/Course/tree-course-with-progress')
      return envelope(200, null, options.course ?? makeCourse());
    if (path === '/api/Course/tree-unit-with-progress')
      return envelope(200, null, options.unit ?? makeUnit());
    const content = /^\/api\/Student\/contentlesson\/(\d+)$/.exec(path);
    if (content) {
      const id = Number(content[1]);
      return envelope(200, null, options.content?.(id) ?? videoContent(id));
    }
    if (path.startsWith('/api/Student/lesson-complete/')) return envelope(200, 'Lesson completed');
    if (path === '/api/quizresult/submit') return envelope(200, 'Quiz submitted', HALF_RIGHT);
    return envelope(404, 'Not found');
  });
}

export const lessonCalls = (calls: Call[]) =>
  calls
    .filter((call) => call.url.pathname.startsWith('/api/Student/contentlesson/'))
    .map((call) => call.url.pathname);
