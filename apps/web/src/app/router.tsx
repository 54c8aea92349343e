// Every route is a lazy module exporting `Component`, so each screen is its own chunk and a phone
// downloads only what the page it opens needs.
import { createBrowserRouter } from 'react-router';
import { paths } from '../config/paths';
import { ProtectedRoute } from '../features/auth/components/protected-route';
import { ErrorFallback } from './error-fallback';
import { AppLayout } from './layout/app-layout';

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
]);
