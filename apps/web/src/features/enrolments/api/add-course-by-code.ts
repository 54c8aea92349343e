// POST /api/Student/add-course-by-code?Code&StudentId[&courseId]: enrols the student with a code, or
// without one in a free course (API.md: Code empty and the course id given). 200 means enrolled.
import { AddCourseByCodeResponse, EnrolledCourseRef } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { ENROLLED_COURSES_KEY } from './get-enrolled-courses';
import { enrolmentKey } from './is-enrolled';

export type AddCourseInput =
  { kind: 'code'; code: string; studentId: number } | { kind: 'free'; courseId: number; studentId: number };

export const CODE_NOT_FOUND = 'Code not found.';
export const CODE_USED = 'Code already used.';
export const ALREADY_ENROLLED = 'Already enrolled';

/** Resolves with the course the student is now enrolled in: the code decides it, not the page. */
export async function addCourseByCode(input: AddCourseInput): Promise<EnrolledCourseRef | null> {
  const query =
    input.kind === 'code'
      ? { Code: input.code, StudentId: input.studentId }
      : { Code: '', StudentId: input.studentId, courseId: input.courseId };
  const body = await apiRequest('/api/Student/add-course-by-code', {
    method: 'POST',
    query,
    schema: AddCourseByCodeResponse,
  });
  return body.data;
}

/** The course a 409 "Already enrolled" names: the code's course, which need not be the page's. */
export function alreadyEnrolledCourse(error: unknown): EnrolledCourseRef | null {
  if (!(error instanceof ApiError) || error.status !== 409 || error.message !== ALREADY_ENROLLED) return null;
  const parsed = EnrolledCourseRef.safeParse(error.body?.data);
  return parsed.success ? parsed.data : null;
}

/** After enrolling: the page's course and the code's course are rechecked, and my courses reload. */
export function useAddCourseByCode(pageCourseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCourseByCode,
    onSuccess: async (enrolled) => {
      const keys: (readonly unknown[])[] = [enrolmentKey(pageCourseId), ENROLLED_COURSES_KEY];
      if (enrolled && enrolled.courseId !== pageCourseId) keys.push(enrolmentKey(enrolled.courseId));
      await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    // 'Already enrolled' in the page's course: the page's answer was stale, so ask again.
    onError: async (error) => {
      const course = alreadyEnrolledCourse(error);
      if (course?.courseId === pageCourseId)
        await queryClient.invalidateQueries({ queryKey: enrolmentKey(pageCourseId) });
    },
  });
}
