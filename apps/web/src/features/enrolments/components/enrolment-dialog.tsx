// Spec (enrolment dialog): 1 choose a method (have a code / contact supervisor / cancel), 2 enter the
// code (verify / back), 3 success (start course / view my courses). The flow is remounted on every
// open, so it always starts from its first step with an empty code.
import type { EnrolledCourseRef } from '@app/contract';
import { splitCourseName, toArabicDigits } from '@app/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { paths } from '../../../config/paths';
import { catalogueMessages } from '../../../i18n/catalogue';
import { ContactSupervisorLink } from './contact-supervisor-link';
import { EnrolmentCodeForm } from './enrolment-code-form';
import { useFocusOnMount } from './use-focus-on-mount';

const t = catalogueMessages.enrolment.dialog;

export type EnrolmentStep = 1 | 2 | 3;
const STEPS = 3;

type Props = {
  open: boolean;
  /** Changes on every open: the flow restarts. */
  session: number;
  initialStep: EnrolmentStep;
  /** The course a code enrolled the student in, when the dialog opens at the success step. */
  enrolledCourse: EnrolledCourseRef | null;
  courseId: number;
  courseName: string;
  onClose: () => void;
};

type FlowState = { session: number; step: EnrolmentStep; enrolled: EnrolledCourseRef | null };

export function EnrolmentDialog({
  open,
  session,
  initialStep,
  enrolledCourse,
  courseId,
  courseName,
  onClose,
}: Props) {
  const fresh: FlowState = { session, step: initialStep, enrolled: enrolledCourse };
  const [state, setState] = useState<FlowState>(fresh);
  // A new session (the dialog was opened again) starts over.
  if (state.session !== session) setState(fresh);
  const { step, enrolled } = state.session === session ? state : fresh;
  const go = (next: EnrolmentStep, course: EnrolledCourseRef | null = enrolled) =>
    setState({ session, step: next, enrolled: course });

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={step === 3 ? t.successTitle : t.title}
      description={t.stepOf(toArabicDigits(step), toArabicDigits(STEPS))}
      closeLabel={t.close}
    >
      <div key={`${session}-${step}`}>
        {step === 1 ? (
          <ChooseStep courseName={courseName} onHaveCode={() => go(2)} onCancel={onClose} />
        ) : step === 2 ? (
          <div className="space-y-3">
            <p className="text-slate-700">{t.codeIntro}</p>
            <EnrolmentCodeForm
              courseId={courseId}
              autoFocus
              submitLabel={t.verify}
              submittingLabel={t.verifying}
              onEnrolled={(course) => go(3, course)}
              actions={
                <Button variant="ghost" onClick={() => go(1)}>
                  {t.back}
                </Button>
              }
            />
          </div>
        ) : (
          <SuccessStep
            other={enrolled && enrolled.courseId !== courseId ? enrolled : null}
            courseId={courseId}
          />
        )}
      </div>
    </Dialog>
  );
}

function ChooseStep({
  courseName,
  onHaveCode,
  onCancel,
}: {
  courseName: string;
  onHaveCode: () => void;
  onCancel: () => void;
}) {
  const first = useFocusOnMount<HTMLButtonElement>();
  return (
    <div className="space-y-3">
      <p className="text-slate-700">{t.chooseIntro}</p>
      <div className="flex flex-col gap-2">
        <button
          ref={first}
          type="button"
          data-autofocus=""
          className={buttonClass('primary')}
          onClick={onHaveCode}
        >
          {t.haveCode}
        </button>
        <ContactSupervisorLink courseName={courseName} label={t.contactSupervisor} />
        <Button variant="ghost" onClick={onCancel}>
          {t.cancel}
        </Button>
      </div>
    </div>
  );
}

/** `other`: the code was of another course than the page's, which it opened instead; named here. */
function SuccessStep({ courseId, other }: { courseId: number; other: EnrolledCourseRef | null }) {
  const first = useFocusOnMount<HTMLAnchorElement>();
  const otherName = other ? splitCourseName(other.courseName).displayName : null;
  return (
    <div className="space-y-4">
      <div role="status" className="flex items-center gap-3 rounded-xl bg-green-50 p-4 text-green-900">
        <svg
          viewBox="0 0 24 24"
          className="size-8 shrink-0"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M20 6 9 17l-5-5" />
        </svg>
        <p>{otherName ? t.successOtherBody(otherName) : t.successBody}</p>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Link
          ref={first}
          data-autofocus=""
          to={paths.coursePlayer.getHref(other?.courseId ?? courseId)}
          className={buttonClass('primary', 'flex-1')}
        >
          {otherName ? t.startOther(otherName) : t.startCourse}
        </Link>
        <Link to={paths.enrolledCourses.getHref()} className={buttonClass('secondary', 'flex-1')}>
          {t.myCourses}
        </Link>
      </div>
    </div>
  );
}
