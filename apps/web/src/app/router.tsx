// The app's routes as one table, rendered by React Router's declarative mode (`useRoutes` under a
// `BrowserRouter`). Every screen is a module exporting `Component` that `page` (app/lazy-screen.tsx)
// loads when first needed, so each is its own chunk and a phone downloads only what the page it opens
// needs. Declarative mode rather than a data router:
// we use no loaders or actions, and it leaves ~17 KB gzip of router code out of the first load
// (docs/decisions/0005-declarative-router.md).
import { Suspense, type ComponentType } from 'react';
import { useLocation, useRoutes, type RouteObject } from 'react-router';
import { SkipLink } from '../components/ui/skip-link';
import { Spinner } from '../components/ui/spinner';
import { paths } from '../config/paths';
import { ProtectedRoute } from '../features/auth/components/protected-route';
import { RouteErrorBoundary } from './route-error-boundary';
import { AppLayout } from './layout/app-layout';
import { page } from './lazy-screen';
import { RouteFocus } from './route-focus';

type RouteModule = { Component: ComponentType };

/** Every admin screen in one chunk: one request on entering /admin, one import site here. */
const loadAdmin = () => import('../features/admin/routes');
type AdminModules = Awaited<ReturnType<typeof loadAdmin>>;
const adminPage = (pick: (admin: AdminModules) => RouteModule) => page(() => loadAdmin().then(pick));

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { path: paths.home.path, element: page(() => import('../features/home/routes/home')) },
      { path: paths.about.path, element: page(() => import('../features/site/routes/about')) },
      { path: paths.login.path, element: page(() => import('../features/auth/routes/login')) },
      { path: paths.register.path, element: page(() => import('../features/auth/routes/register')) },
      {
        path: paths.forgotPassword.path,
        element: page(() => import('../features/auth/routes/forgot-password')),
      },
      {
        path: paths.resetPassword.path,
        element: page(() => import('../features/auth/routes/reset-password')),
      },
      {
        element: <ProtectedRoute />,
        children: [
          { path: paths.profile.path, element: page(() => import('../features/auth/routes/profile')) },
          {
            path: paths.testRefreshToken.path,
            element: page(() => import('../features/auth/routes/test-refresh-token')),
          },
          {
            path: paths.enrolledCourses.path,
            element: page(() => import('../features/enrolments/routes/my-courses')),
          },
          {
            path: paths.myLectures.path,
            element: page(() => import('../features/my-lectures/routes/my-lectures')),
          },
        ],
      },
      {
        path: paths.grades.path,
        element: page(() => import('../features/catalogue/routes/grade-chooser')),
      },
      {
        path: paths.coursesByCountryGrade.path,
        element: page(() => import('../features/catalogue/routes/course-list')),
      },
      {
        path: paths.coursesByGrade.path,
        element: page(() => import('../features/catalogue/routes/course-list')),
      },
      { path: paths.course.path, element: page(() => import('../features/catalogue/routes/course-detail')) },
      { path: paths.teacher.path, element: page(() => import('../features/catalogue/routes/teacher')) },
      { path: '*', element: page(() => import('./not-found')) },
    ],
  },
  {
    // The players have their own fixed top bar instead of the site layout.
    element: <ProtectedRoute />,
    children: [
      {
        path: paths.coursePlayer.path,
        element: page(() => import('../features/player/routes/course-player')),
      },
      { path: paths.unitViewer.path, element: page(() => import('../features/player/routes/unit-viewer')) },
    ],
  },
  {
    // The admin area: one chunk for all its screens, loaded only under /admin. Its guard asks the API
    // whether this account is the tenant's admin; the printable code sheet has no chrome, every other
    // screen the admin layout.
    path: paths.admin.path,
    element: adminPage((admin) => admin.guard),
    children: [
      { path: paths.adminCodePrint.path, element: adminPage((admin) => admin.codePrint) },
      {
        element: adminPage((admin) => admin.layout),
        children: [
          { index: true, element: adminPage((admin) => admin.index) },
          { path: paths.adminCourses.path, element: adminPage((admin) => admin.courses) },
          { path: paths.adminCourseNew.path, element: adminPage((admin) => admin.courseNew) },
          { path: paths.adminCourse.path, element: adminPage((admin) => admin.courseEditor) },
          { path: paths.adminQuestionBank.path, element: adminPage((admin) => admin.questionBank) },
          { path: paths.adminLessonNew.path, element: adminPage((admin) => admin.lessonNew) },
          { path: paths.adminLesson.path, element: adminPage((admin) => admin.lessonEdit) },
          { path: paths.adminQuizStatistics.path, element: adminPage((admin) => admin.quizStatistics) },
          { path: paths.adminCodes.path, element: adminPage((admin) => admin.codes) },
          { path: paths.adminCodeBatch.path, element: adminPage((admin) => admin.codeBatch) },
          { path: paths.adminStudents.path, element: adminPage((admin) => admin.students) },
          { path: paths.adminStudent.path, element: adminPage((admin) => admin.student) },
          { path: paths.adminQuizResults.path, element: adminPage((admin) => admin.quizResults) },
          { path: paths.adminSite.path, element: adminPage((admin) => admin.site) },
          { path: paths.adminBooks.path, element: adminPage((admin) => admin.books) },
          { path: paths.adminAudit.path, element: adminPage((admin) => admin.auditLog) },
          { path: '*', element: adminPage((admin) => admin.notFound) },
        ],
      },
    ],
  },
];

/** The matched screen, with the error screen for anything that throws while rendering (including a
 * chunk that fails to load) and a spinner while a first screen's chunk is on its way. A new path
 * clears the error, as the data router's errorElement did. Every screen starts with the skip link,
 * and a route change moves the focus to the new screen's heading (route-focus.tsx). */
export function AppRoutes() {
  const { pathname } = useLocation();
  const element = useRoutes(routes);
  return (
    <>
      <SkipLink />
      <RouteFocus />
      <RouteErrorBoundary resetKey={pathname}>
        <Suspense fallback={<Spinner fullPage />}>{element}</Suspense>
      </RouteErrorBoundary>
    </>
  );
}
