// GET /api/AdminStudent/IsEnrolled?studentId&courseId: the body is a bare JSON true or false.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** ['enrolment', courseId] covers every student's answer for the course; enrolling invalidates it. */
export const enrolmentKey = (courseId: number) => ['enrolment', courseId] as const;

export async function isEnrolled(studentId: number, courseId: number): Promise<boolean> {
  return apiRequest('/api/AdminStudent/IsEnrolled', {
    query: { studentId, courseId },
    schema: z.boolean(),
  });
}

export const isEnrolledQueryOptions = (studentId: number, courseId: number) =>
  queryOptions({
    queryKey: [...enrolmentKey(courseId), { studentId }],
    queryFn: () => isEnrolled(studentId, courseId),
  });

/** Asked only for a signed-in student (`studentId` null: nothing is asked). */
export const useIsEnrolled = (studentId: number | null, courseId: number) =>
  useQuery({ ...isEnrolledQueryOptions(studentId ?? 0, courseId), enabled: studentId !== null });
