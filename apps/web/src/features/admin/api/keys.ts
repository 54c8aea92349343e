// Query keys of the admin area, layered so a mutation invalidates exactly what it changes: every key
// starts with 'admin', then the resource, then its parameters.
export type ListParams = Record<string, string | number | undefined>;

export const adminKeys = {
  all: ['admin'] as const,
  me: (userId: number) => ['admin', 'me', userId] as const,
  teachers: ['admin', 'teachers'] as const,
  courses: ['admin', 'courses'] as const,
  courseList: (params: ListParams) => ['admin', 'courses', 'list', params] as const,
  course: (id: number) => ['admin', 'courses', 'detail', id] as const,
  lesson: (id: number) => ['admin', 'lessons', id] as const,
  lessonVideo: (id: number) => ['admin', 'lessons', id, 'video'] as const,
  lessonCaptions: (id: number) => ['admin', 'lessons', id, 'captions'] as const,
  quizSettings: (id: number) => ['admin', 'lessons', id, 'quiz-settings'] as const,
  quizStatistics: (id: number) => ['admin', 'lessons', id, 'quiz-statistics'] as const,
  videoSupport: ['admin', 'video-support'] as const,
  batches: ['admin', 'batches'] as const,
  batchList: (params: ListParams) => ['admin', 'batches', 'list', params] as const,
  batchCodes: (id: number, params: ListParams) => ['admin', 'batches', 'codes', id, params] as const,
  batchPrint: (id: number) => ['admin', 'batches', 'print', id] as const,
  students: ['admin', 'students'] as const,
  studentList: (params: ListParams) => ['admin', 'students', 'list', params] as const,
  student: (id: number) => ['admin', 'students', 'detail', id] as const,
  quizResults: ['admin', 'quiz-results'] as const,
  quizSummary: (courseId: number) => ['admin', 'quiz-results', 'summary', courseId] as const,
  quizResultList: (params: ListParams) => ['admin', 'quiz-results', 'list', params] as const,
  site: ['admin', 'site'] as const,
  audit: ['admin', 'audit'] as const,
  auditList: (params: ListParams) => ['admin', 'audit', params] as const,
};
