// Spec (course detail enrolment): checking (spinner) → enrolled (continue) or not enrolled: a free
// course starts directly; a paid one offers the enrolment dialog, a contact-supervisor chat and the
// code box. Logged out, the buttons lead to /login and back here afterwards.
import type { EnrolledCourseRef } from '@app/contract';
import { useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClass } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { catalogueMessages } from '../../../i18n/catalogue';
import { useAuth } from '../../auth/hooks/use-auth';
import { useAddCourseByCode } from '../api/add-course-by-code';
import { useIsEnrolled } from '../api/is-enrolled';
import { enrolmentErrorMessage } from '../utils/enrolment-error';
import { ContactSupervisorLink } from './contact-supervisor-link';
import { EnrolmentCodeForm } from './enrolment-code-form';
import { EnrolmentDialog, type EnrolmentStep } from './enrolment-dialog';

const t = catalogueMessages.enrolment;

export type EnrolmentCourse = { id: number; price: number; displayName: string };

type DialogState = {
  open: boolean;
  session: number;
  step: EnrolmentStep;
  enrolled: EnrolledCourseRef | null;
};

export function EnrolmentPanel({ course }: { course: EnrolmentCourse }) {
  const { user } = useAuth();
  const location = useLocation();
  const from = `${location.pathname}${location.search}`;
  const loginLink = (label: string, variant: 'primary' | 'ghost' = 'primary') => (
    <Link
      to={paths.login.getHref({ from })}
      state={{ from }}
      className={buttonClass(variant, variant === 'primary' ? 'w-full' : '')}
    >
      {label}
    </Link>
  );
  const [dialog, setDialog] = useState<DialogState>({ open: false, session: 0, step: 1, enrolled: null });
  const openDialog = (step: EnrolmentStep, enrolled: EnrolledCourseRef | null = null) =>
    setDialog((d) => ({ open: true, session: d.session + 1, step, enrolled }));

  const isFree = course.price === 0;
  const body = user ? (
    <SignedIn
      course={course}
      studentId={user.id}
      onSubscribe={() => openDialog(1)}
      onCodeEnrolled={(enrolled) => openDialog(3, enrolled)}
    />
  ) : isFree ? (
    loginLink(t.startFree)
  ) : (
    <PaidOptions
      course={course}
      primary={loginLink(t.subscribe)}
      loginAction={loginLink(t.loginToEnrol, 'ghost')}
      onCodeEnrolled={(enrolled) => openDialog(3, enrolled)}
    />
  );

  return (
    <div className="space-y-3">
      {body}
      <EnrolmentDialog
        open={dialog.open}
        session={dialog.session}
        initialStep={dialog.step}
        enrolledCourse={dialog.enrolled}
        courseId={course.id}
        courseName={course.displayName}
        onClose={() => setDialog((d) => ({ ...d, open: false }))}
      />
    </div>
  );
}

function SignedIn({
  course,
  studentId,
  onSubscribe,
  onCodeEnrolled,
}: {
  course: EnrolmentCourse;
  studentId: number;
  onSubscribe: () => void;
  onCodeEnrolled: (enrolled: EnrolledCourseRef | null) => void;
}) {
  const enrolment = useIsEnrolled(studentId, course.id);
  if (enrolment.isPending) return <Spinner label={t.checking} />;
  if (enrolment.isError)
    return (
      <Alert tone="error" title={t.checkFailed}>
        <Button variant="secondary" className="mt-2" onClick={() => void enrolment.refetch()}>
          {catalogueMessages.common.retry}
        </Button>
      </Alert>
    );
  if (enrolment.data)
    return (
      <div className="space-y-3">
        <Badge tone="success" className="text-sm">
          <svg
            viewBox="0 0 24 24"
            className="size-4"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="3"
          >
            <path d="M20 6 9 17l-5-5" />
          </svg>
          {t.enrolled}
        </Badge>
        <Link to={paths.coursePlayer.getHref(course.id)} className={buttonClass('primary', 'w-full')}>
          {t.continue}
        </Link>
      </div>
    );
  if (course.price === 0) return <StartFree course={course} studentId={studentId} />;
  return (
    <PaidOptions
      course={course}
      primary={
        <Button className="w-full" onClick={onSubscribe}>
          {t.subscribe}
        </Button>
      }
      onCodeEnrolled={onCodeEnrolled}
    />
  );
}

function StartFree({ course, studentId }: { course: EnrolmentCourse; studentId: number }) {
  const navigate = useNavigate();
  const mutation = useAddCourseByCode(course.id);
  return (
    <div className="space-y-3">
      <Button
        className="w-full"
        disabled={mutation.isPending}
        aria-busy={mutation.isPending || undefined}
        onClick={() =>
          mutation.mutate(
            { kind: 'free', courseId: course.id, studentId },
            { onSuccess: () => void navigate(paths.coursePlayer.getHref(course.id)) },
          )
        }
      >
        {mutation.isPending ? t.starting : t.startFree}
      </Button>
      {mutation.isError ? (
        <Alert tone="error">{enrolmentErrorMessage(mutation.error, course.id)}</Alert>
      ) : null}
    </div>
  );
}

function PaidOptions({
  course,
  primary,
  loginAction,
  onCodeEnrolled,
}: {
  course: EnrolmentCourse;
  primary: ReactNode;
  loginAction?: ReactNode;
  onCodeEnrolled: (enrolled: EnrolledCourseRef | null) => void;
}) {
  return (
    <div className="space-y-3">
      {primary}
      <ContactSupervisorLink courseName={course.displayName} className="w-full" />
      <p className="text-sm text-slate-600">{t.contactSupervisorHint}</p>
      <section aria-labelledby={`code-box-${course.id}`} className="border-t border-slate-200 pt-4">
        <h2 id={`code-box-${course.id}`} className="mb-2 text-base font-bold text-slate-900">
          {t.codeBox.title}
        </h2>
        <EnrolmentCodeForm courseId={course.id} onEnrolled={onCodeEnrolled} loginAction={loginAction} />
      </section>
    </div>
  );
}
