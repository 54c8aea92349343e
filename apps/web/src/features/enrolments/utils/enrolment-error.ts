// Spec (error catalogue, enrolment by code): the Arabic text for a failed enrolment.
import { splitCourseName } from '@app/domain';
import { ApiError } from '../../../lib/api-client';
import { catalogueMessages } from '../../../i18n/catalogue';
import { localizeServerMessage, tooManyAttemptsText } from '../../../i18n/messages';
import {
  ALREADY_ENROLLED,
  CODE_NOT_FOUND,
  CODE_USED,
  alreadyEnrolledCourse,
} from '../api/add-course-by-code';

const t = catalogueMessages.enrolment.errors;

/** `pageCourseId`: the course whose page asks; "already enrolled" in another course names that one. */
export function enrolmentErrorMessage(error: unknown, pageCourseId: number): string {
  if (!(error instanceof ApiError)) return t.network;
  if (error.isNetwork) return t.network;
  const other = alreadyEnrolledCourse(error);
  if (other && other.courseId !== pageCourseId)
    return t.alreadyEnrolledOther(splitCourseName(other.courseName).displayName);
  const message = error.message.trim();
  if (message === CODE_NOT_FOUND) return t.notFound;
  if (message === CODE_USED) return t.used;
  if (message === ALREADY_ENROLLED) return t.alreadyEnrolled;
  if (error.status === 429) return tooManyAttemptsText(error.retryAfterSeconds);
  if (error.status === 404) return t.notFound;
  if (error.status === 401) return t.login;
  const fromServer = message && !/^HTTP \d+$/.test(message) ? localizeServerMessage(message) : null;
  return fromServer ?? t.invalid;
}
