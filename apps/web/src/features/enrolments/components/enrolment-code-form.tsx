// The enrolment-code form (inline on the course page and as step 2 of the dialog). Spec: the code
// must be non-empty after trimming and the student logged in with a stored id; the server's answer
// is turned into an Arabic message (enrolmentErrorMessage).
import type { EnrolledCourseRef } from '@app/contract';
import { isWellFormedCode, splitCourseName } from '@app/domain';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { catalogueMessages } from '../../../i18n/catalogue';
import { useAuth } from '../../auth/hooks/use-auth';
import { paths } from '../../../config/paths';
import { alreadyEnrolledCourse, useAddCourseByCode } from '../api/add-course-by-code';
import { enrolmentErrorMessage } from '../utils/enrolment-error';

const t = catalogueMessages.enrolment;

type Props = {
  courseId: number;
  /** Called with the course the code enrolled the student in (the code decides it, not the page);
   * null when the server did not name it. */
  onEnrolled: (enrolled: EnrolledCourseRef | null) => void;
  submitLabel?: string;
  submittingLabel?: string;
  /** Extra buttons beside submit (the dialog's 'back'). */
  actions?: ReactNode;
  /** Shown under the error when the student must log in first. */
  loginAction?: ReactNode;
  autoFocus?: boolean;
};

export function EnrolmentCodeForm({
  courseId,
  onEnrolled,
  submitLabel = t.codeBox.submit,
  submittingLabel = t.codeBox.submitting,
  actions,
  loginAction,
  autoFocus = false,
}: Props) {
  const { user } = useAuth();
  const formId = useId();
  const [code, setCode] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const mutation = useAddCourseByCode(courseId);
  const error = localError ?? (mutation.isError ? enrolmentErrorMessage(mutation.error, courseId) : null);
  const needsLogin = localError === t.errors.login;
  // Already enrolled in the code's course, which is not this page's: offer to go there.
  const enrolledElsewhere = mutation.isError ? alreadyEnrolledCourse(mutation.error) : null;
  const otherCourse = enrolledElsewhere && enrolledElsewhere.courseId !== courseId ? enrolledElsewhere : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (mutation.isPending) return;
    const trimmed = code.trim();
    if (!trimmed) return setLocalError(t.errors.required);
    if (!user?.id) return setLocalError(t.errors.login);
    if (!isWellFormedCode(trimmed)) return setLocalError(t.errors.invalid);
    setLocalError(null);
    mutation.mutate(
      { kind: 'code', code: trimmed, studentId: user.id },
      { onSuccess: (enrolled) => onEnrolled(enrolled) },
    );
  }

  return (
    <form id={formId} noValidate onSubmit={submit} className="space-y-3">
      <TextField
        label={t.codeBox.label}
        name="enrolment-code"
        value={code}
        dir="ltr"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        placeholder={t.codeBox.placeholder}
        maxLength={64}
        autoFocus={autoFocus}
        data-autofocus={autoFocus ? '' : undefined}
        error={error ?? undefined}
        onChange={(event) => {
          setCode(event.target.value);
          setLocalError(null);
          if (mutation.isError) mutation.reset();
        }}
      />
      {needsLogin && loginAction ? <div>{loginAction}</div> : null}
      {otherCourse ? (
        <Link to={paths.coursePlayer.getHref(otherCourse.courseId)} className={buttonClass('secondary')}>
          {t.errors.openOther(splitCourseName(otherCourse.courseName).displayName)}
        </Link>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={mutation.isPending} aria-busy={mutation.isPending || undefined}>
          {mutation.isPending ? submittingLabel : submitLabel}
        </Button>
        {actions}
      </div>
    </form>
  );
}
