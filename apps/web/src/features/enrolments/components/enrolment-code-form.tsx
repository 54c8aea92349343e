// The enrolment-code form (inline on the course page and as step 2 of the dialog). Spec: the code
// must be non-empty after trimming and the student logged in with a stored id; the server's answer
// is turned into an Arabic message (enrolmentErrorMessage).
import { isWellFormedCode } from '@app/domain';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { catalogueMessages } from '../../../i18n/catalogue';
import { useAuth } from '../../auth/hooks/use-auth';
import { useAddCourseByCode } from '../api/add-course-by-code';
import { enrolmentErrorMessage } from '../utils/enrolment-error';

const t = catalogueMessages.enrolment;

type Props = {
  courseId: number;
  /** Called with the id of the course the code enrolled the student in. */
  onEnrolled: (courseId: number) => void;
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
  const error = localError ?? (mutation.isError ? enrolmentErrorMessage(mutation.error) : null);
  const needsLogin = localError === t.errors.login;

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
      { onSuccess: (enrolledId) => onEnrolled(enrolledId ?? courseId) },
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
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={mutation.isPending} aria-busy={mutation.isPending || undefined}>
          {mutation.isPending ? submittingLabel : submitLabel}
        </Button>
        {actions}
      </div>
    </form>
  );
}
