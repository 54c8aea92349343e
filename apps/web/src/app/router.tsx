// Every route is a lazy module exporting `Component`, so each screen is its own chunk and a phone
// downloads only what the page it opens needs.
import { createBrowserRouter } from 'react-router';
import { paths } from '../config/paths';
import { ProtectedRoute } from '../features/auth/components/protected-route';
import { ErrorFallback } from './error-fallback';
import { AppLayout } from './layout/app-layout';

/** Every admin screen in one chunk: one request on entering /admin, one import site here. */
const loadAdmin = () => import('../features/admin/routes');

export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    errorElement: <ErrorFallback />,
    children: [
      { path: paths.home.path, lazy: () => import('../features/home/routes/home') },
      { path: paths.about.path, lazy: () => import('../features/site/routes/about') },
      { path: paths.login.path, lazy: () => import('../features/auth/routes/login') },
      { path: paths.register.path, lazy: () => import('../features/auth/routes/register') },
      { path: paths.forgotPassword.path, lazy: () => import('../features/auth/routes/forgot-password') },
      { path: paths.resetPassword.path, lazy: () => import('../features/auth/routes/reset-password') },
      {
        element: <ProtectedRoute />,
        children: [
          { path: paths.profile.path, lazy: () => import('../features/auth/routes/profile') },
          {
            path: paths.testRefreshToken.path,
            lazy: () => import('../features/auth/routes/test-refresh-token'),
          },
          {
            path: paths.enrolledCourses.path,
            lazy: () => import('../features/enrolments/routes/my-courses'),
          },
          { path: paths.myLectures.path, lazy: () => import('../features/my-lectures/routes/my-lectures') },
        ],
      },
      { path: paths.grades.path, lazy: () => import('../features/catalogue/routes/grade-chooser') },
      {
        path: paths.coursesByCountryGrade.path,
        lazy: () => import('../features/catalogue/routes/course-list'),
      },
      { path: paths.coursesByGrade.path, lazy: () => import('../features/catalogue/routes/course-list') },
      { path: paths.course.path, lazy: () => import('../features/catalogue/routes/course-detail') },
      { path: paths.teacher.path, lazy: () => import('../features/catalogue/routes/teacher') },
      { path: '*', lazy: () => import('./not-found') },
    ],
  },
  {
    // The players have their own fixed top bar instead of the site layout.
    element: <ProtectedRoute />,
    errorElement: <ErrorFallback />,
    children: [
      { path: paths.coursePlayer.path, lazy: () => import('../features/player/routes/course-player') },
      { path: paths.unitViewer.path, lazy: () => import('../features/player/routes/unit-viewer') },
    ],
  },
  {
    // The admin area: one chunk for all its screens, loaded only under /admin. Its guard asks the API
    // whether this account is the tenant's admin; the printable code sheet has no chrome, every other
    // screen the admin layout.
    path: paths.admin.path,
    errorElement: <ErrorFallback />,
    lazy: () => loadAdmin().then((admin) => admin.guard),
    children: [
      { path: paths.adminCodePrint.path, lazy: () => loadAdmin().then((admin) => admin.codePrint) },
      {
        lazy: () => loadAdmin().then((admin) => admin.layout),
        children: [
          { index: true, lazy: () => loadAdmin().then((admin) => admin.index) },
          { path: paths.adminCourses.path, lazy: () => loadAdmin().then((admin) => admin.courses) },
          { path: paths.adminCourseNew.path, lazy: () => loadAdmin().then((admin) => admin.courseNew) },
          { path: paths.adminCourse.path, lazy: () => loadAdmin().then((admin) => admin.courseEditor) },
          { path: paths.adminLessonNew.path, lazy: () => loadAdmin().then((admin) => admin.lessonNew) },
          { path: paths.adminLesson.path, lazy: () => loadAdmin().then((admin) => admin.lessonEdit) },
          { path: paths.adminCodes.path, lazy: () => loadAdmin().then((admin) => admin.codes) },
          { path: paths.adminCodeBatch.path, lazy: () => loadAdmin().then((admin) => admin.codeBatch) },
          { path: paths.adminStudents.path, lazy: () => loadAdmin().then((admin) => admin.students) },
          { path: paths.adminStudent.path, lazy: () => loadAdmin().then((admin) => admin.student) },
          { path: paths.adminQuizResults.path, lazy: () => loadAdmin().then((admin) => admin.quizResults) },
          { path: paths.adminSite.path, lazy: () => loadAdmin().then((admin) => admin.site) },
          { path: paths.adminAudit.path, lazy: () => loadAdmin().then((admin) => admin.auditLog) },
          { path: '*', lazy: () => loadAdmin().then((admin) => admin.notFound) },
        ],
      },
    ],
  },
]);
