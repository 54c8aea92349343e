// Mounts the admin area the way the app does (guard → layout → screen, from the real route modules)
// at `url`, with a signed-in admin unless told otherwise. Every other path shows where it landed.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import type { User } from '@app/contract';
import { paths } from '../../../config/paths';
import { authStore } from '../../../lib/auth-store';
import * as admin from '../routes';
import { ADMIN_USER } from './fixtures';

function Landing() {
  const location = useLocation();
  return <p data-testid="landing">{`${location.pathname}${location.search}`}</p>;
}

export function renderAdmin(url: string, { user = ADMIN_USER }: { user?: User | null } = {}) {
  if (user) authStore.signIn(user, 'test-access-token');
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
  const screens = [
    [paths.adminCourses.path, admin.courses],
    [paths.adminCourseNew.path, admin.courseNew],
    [paths.adminCourse.path, admin.courseEditor],
    [paths.adminQuestionBank.path, admin.questionBank],
    [paths.adminLessonNew.path, admin.lessonNew],
    [paths.adminLesson.path, admin.lessonEdit],
    [paths.adminQuizStatistics.path, admin.quizStatistics],
    [paths.adminCodes.path, admin.codes],
    [paths.adminCodeBatch.path, admin.codeBatch],
    [paths.adminStudents.path, admin.students],
    [paths.adminStudent.path, admin.student],
    [paths.adminQuizResults.path, admin.quizResults],
    [paths.adminSite.path, admin.site],
    [paths.adminBooks.path, admin.books],
    [paths.adminAudit.path, admin.auditLog],
  ] as const;
  const router = createMemoryRouter(
    [
      {
        path: paths.admin.path,
        Component: admin.guard.Component,
        children: [
          { path: paths.adminCodePrint.path, Component: admin.codePrint.Component },
          {
            Component: admin.layout.Component,
            children: [
              { index: true, Component: admin.index.Component },
              ...screens.map(([path, screen]) => ({ path, Component: screen.Component })),
            ],
          },
        ],
      },
      { path: '*', Component: Landing },
    ],
    { initialEntries: [url] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient, user: userEvent.setup() };
}
