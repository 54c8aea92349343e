// Every URL of the app in one place, so no screen builds a path by hand.
import { gradeToRouteSegment, type Country, type Grade } from '@app/domain';

export const paths = {
  home: { path: '/', getHref: () => '/' },
  coursesSection: { getHref: () => '/#courses-section' },
  about: { path: '/about', getHref: () => '/about' },
  login: {
    path: '/login',
    getHref: (params: { from?: string; email?: string } = {}) => withQuery('/login', params),
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
} as const;

function withQuery(path: string, params: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}
