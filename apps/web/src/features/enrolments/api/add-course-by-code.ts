// POST /api/Student/add-course-by-code?Code&StudentId[&courseId]: enrols the student with a code, or
// without one in a free course (API.md: Code empty and the course id given). 200 means enrolled.
import { AddCourseByCodeResponse } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { ENROLLED_COURSES_KEY } from './get-enrolled-courses';
import { enrolmentKey } from './is-enrolled';

export type AddCourseInput =
  { kind: 'code'; code: string; studentId: number } | { kind: 'free'; courseId: number; studentId: number };

export const CODE_NOT_FOUND = 'Code not found.';
export const CODE_USED = 'Code already used.';
export const ALREADY_ENROLLED = 'Already enrolled';

/** Resolves with the id of the course the student is now enrolled in. */
export async function addCourseByCode(input: AddCourseInput): Promise<number | null> {
  const query =
    input.kind === 'code'
      ? { Code: input.code, StudentId: input.studentId }
      : { Code: '', StudentId: input.studentId, courseId: input.courseId };
  const body = await apiRequest('/api/Student/add-course-by-code', {
    method: 'POST',
    query,
    schema: AddCourseByCodeResponse,
  });
  return body.data?.courseId ?? null;
}

/** After enrolling: the page's course and the code's course are rechecked, and my courses reload. */
export function useAddCourseByCode(pageCourseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCourseByCode,
    onSuccess: async (courseId) => {
      const keys: (readonly unknown[])[] = [enrolmentKey(pageCourseId), ENROLLED_COURSES_KEY];
      if (courseId !== null && courseId !== pageCourseId) keys.push(enrolmentKey(courseId));
      await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    // 'Already enrolled': the page's answer was stale, so ask again.
    onError: async (error) => {
      if (error instanceof ApiError && error.status === 409 && error.message === ALREADY_ENROLLED)
        await queryClient.invalidateQueries({ queryKey: enrolmentKey(pageCourseId) });
    },
  });
}
