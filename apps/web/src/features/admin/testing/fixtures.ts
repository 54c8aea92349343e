// Test data shaped like the admin API's answers (packages/contract), and a router over the real
// admin route modules, for the admin component tests (imported by tests only).
import {
  PLAIN_QUIZ_SETTINGS,
  type AdminCourse,
  type AdminCourseDetail,
  type AdminLesson,
  type AdminStudentDetail,
  type AdminUnit,
  type QuizSettings,
} from '@app/contract';

export const ME = { id: 3, name: 'مدير المنصة', tenantName: 'مدرسة النور' };
export const ADMIN_USER = {
  id: 3,
  name: 'مدير المنصة',
  email: 'admin@demo.local',
  academicYear: 'Secondary3',
  phoneNumber: '01000000003',
};

export const page = (
  over: Partial<{ totalPages: number; totalCount: number; currentPage: number }> = {},
) => ({
  totalCount: over.totalCount ?? 1,
  totalPages: over.totalPages ?? 1,
  currentPage: over.currentPage ?? 1,
  pageSize: 10,
});

export function adminCourse(over: Partial<AdminCourse> = {}): AdminCourse {
  return {
    id: 9,
    name: 'الكيمياء العضوية',
    subject: 'كيمياء',
    description: '',
    imagePath: null,
    price: 150,
    term: 'First',
    grade: 'Secondary3',
    active: false,
    isOpenToAll: false,
    teacherId: null,
    unitCount: 0,
    lessonCount: 0,
    enrolledCount: 0,
    modificationDate: '2025-01-01T00:00:00.000Z',
    ...over,
  };
}

export const unit = (id: number, name: string, lessons: AdminUnit['lessons'] = []): AdminUnit => ({
  id,
  name,
  title: '',
  position: id,
  lessons,
});

export const lesson = (id: number, name: string, type: 'Video' | 'Quiz' = 'Video') => ({
  id,
  name,
  type,
  position: id,
  questionCount: type === 'Quiz' ? 1 : 0,
});

export function courseDetail(over: Partial<AdminCourseDetail> = {}): AdminCourseDetail {
  return { ...adminCourse(), units: [], ...over };
}

export function studentDetail(over: Partial<AdminStudentDetail> = {}): AdminStudentDetail {
  return {
    student: {
      id: 41,
      name: 'سارة محمود',
      email: 'sara@example.com',
      phone: '01012345678',
      parentPhone: '01112345678',
      academicYear: 'Secondary3',
      createdAt: '2025-03-01T10:00:00.000Z',
      activeSessions: 2,
    },
    enrollments: [],
    unitUnlocks: [],
    quizResults: [],
    sessions: [
      { deviceId: 'phone-1', createdAt: '2025-03-02T10:00:00.000Z', refreshedAt: '2025-03-03T10:00:00.000Z' },
      {
        deviceId: 'laptop-2',
        createdAt: '2025-03-02T11:00:00.000Z',
        refreshedAt: '2025-03-03T11:00:00.000Z',
      },
    ],
    ...over,
  };
}

export function adminLesson(over: Partial<AdminLesson> = {}): AdminLesson {
  return {
    id: 60,
    unitId: 5,
    courseId: 9,
    name: 'اختبار قصير',
    titel: null,
    type: 'Quiz',
    position: 1,
    videoUrl: null,
    liveSessionUrl: null,
    attachmentUrl: null,
    attachmentTitle: null,
    attachmentFile: null,
    questions: [],
    video: { playing: null, latest: null },
    ...over,
  };
}

/** A quiz lesson's exam settings: a plain quiz's (no settings row) unless told otherwise. */
export function quizSettings(over: Partial<QuizSettings> = {}): QuizSettings {
  return {
    lessonId: 60,
    exam: false,
    ...PLAIN_QUIZ_SETTINGS,
    attemptCount: 0,
    submittedBefore: 0,
    ...over,
  };
}
