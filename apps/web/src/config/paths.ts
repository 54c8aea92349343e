// Every URL of the app in one place, so no screen builds a path by hand.
import { gradeToRouteSegment, type Country, type Grade } from '@app/domain';

/** Why the app sent the student to log in: the session ended, or a unit code waits for it. */
export type LoginReason = 'expired' | 'unit-code';

export const paths = {
  home: { path: '/', getHref: () => '/' },
  coursesSection: { getHref: () => '/#courses-section' },
  about: { path: '/about', getHref: () => '/about' },
  login: {
    path: '/login',
    /** `reason`: why the app sent the student here, said on the login page. */
    getHref: (params: { from?: string; email?: string; reason?: LoginReason } = {}) =>
      withQuery('/login', params),
  },
  register: { path: '/register', getHref: () => '/register' },
  forgotPassword: {
    path: '/forgot-password',
    getHref: (email?: string) => withQuery('/forgot-password', { email }),
  },
  resetPassword: {
    path: '/reset-password',
    getHref: (email?: string) => withQuery('/reset-password', { email }),
  },
  grades: { path: '/grades/:country', getHref: (country: Country) => `/grades/${country}` },
  coursesByCountryGrade: {
    path: '/courses/:country/grade/:grade',
    getHref: (country: Country, grade: Grade, page?: number) =>
      withQuery(`/courses/${country}/grade/${gradeToRouteSegment(grade)}`, {
        page: page && page > 1 ? String(page) : undefined,
      }),
  },
  coursesByGrade: {
    path: '/courses/grade/:grade',
    getHref: (grade: Grade) => `/courses/grade/${gradeToRouteSegment(grade)}`,
  },
  course: { path: '/courses/:id', getHref: (id: number) => `/courses/${id}` },
  teacher: { path: '/teachers/:id', getHref: (id: number) => `/teachers/${id}` },
  profile: { path: '/profile', getHref: () => '/profile' },
  enrolledCourses: { path: '/enrolled-courses', getHref: () => '/enrolled-courses' },
  coursePlayer: {
    path: '/course-player/:courseId',
    getHref: (courseId: number, position?: { unit: number; lesson: number }) =>
      withQuery(
        `/course-player/${courseId}`,
        position ? { unit: String(position.unit), lesson: String(position.lesson) } : {},
      ),
  },
  myLectures: { path: '/my-lectures', getHref: () => '/my-lectures' },
  unitViewer: {
    path: '/unit-viewer/:unitId',
    getHref: (unitId: number, lesson?: number) =>
      withQuery(`/unit-viewer/${unitId}`, { lesson: lesson === undefined ? undefined : String(lesson) }),
  },
  testRefreshToken: { path: '/test-refresh-token', getHref: () => '/test-refresh-token' },
  // The admin area (its own lazy chunks; students never load them).
  admin: { path: '/admin', getHref: () => '/admin' },
  adminCourses: {
    path: '/admin/courses',
    getHref: (query: Record<string, string | undefined> = {}) => withQuery('/admin/courses', query),
  },
  adminCourseNew: { path: '/admin/courses/new', getHref: () => '/admin/courses/new' },
  adminCourse: { path: '/admin/courses/:courseId', getHref: (id: number) => `/admin/courses/${id}` },
  adminLessonNew: {
    path: '/admin/courses/:courseId/units/:unitId/lessons/new/:type',
    getHref: (courseId: number, unitId: number, type: 'Video' | 'Quiz') =>
      `/admin/courses/${courseId}/units/${unitId}/lessons/new/${type}`,
  },
  adminQuestionBank: {
    path: '/admin/courses/:courseId/questions',
    getHref: (courseId: number) => `/admin/courses/${courseId}/questions`,
  },
  adminLesson: { path: '/admin/lessons/:lessonId', getHref: (id: number) => `/admin/lessons/${id}` },
  adminQuizStatistics: {
    path: '/admin/lessons/:lessonId/statistics',
    getHref: (id: number) => `/admin/lessons/${id}/statistics`,
  },
  adminCodes: { path: '/admin/codes', getHref: () => '/admin/codes' },
  adminCodeBatch: { path: '/admin/codes/:batchId', getHref: (id: number) => `/admin/codes/${id}` },
  adminCodePrint: {
    path: '/admin/codes/:batchId/print',
    getHref: (id: number) => `/admin/codes/${id}/print`,
  },
  adminStudents: { path: '/admin/students', getHref: () => '/admin/students' },
  adminStudent: { path: '/admin/students/:studentId', getHref: (id: number) => `/admin/students/${id}` },
  adminQuizResults: {
    path: '/admin/quiz-results',
    getHref: (query: { courseId?: number; lessonId?: number } = {}) =>
      withQuery('/admin/quiz-results', {
        courseId: query.courseId?.toString(),
        lessonId: query.lessonId?.toString(),
      }),
  },
  adminSite: { path: '/admin/site', getHref: () => '/admin/site' },
  adminBooks: { path: '/admin/books', getHref: () => '/admin/books' },
  adminAudit: { path: '/admin/audit-log', getHref: () => '/admin/audit-log' },
} as const;

function withQuery(path: string, params: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}
