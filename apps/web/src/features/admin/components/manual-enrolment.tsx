// Enrol the student in a course by hand (source 'admin'); 409 means they already are.
import { ManualEnrollmentInput } from '@app/contract';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { adminMessages } from '../../../i18n/admin';
import { useEnrolStudent } from '../api/students';
import { CourseSelect } from './course-select';
import { FormError, SubmitButton } from './form-parts';

const t = adminMessages.student;

export function ManualEnrolment({ studentId }: { studentId: number }) {
  const enrol = useEnrolStudent();
  const [courseId, setCourseId] = useState('');
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const input = ManualEnrollmentInput.safeParse({ courseId: Number(courseId) || undefined });
    if (!input.success) return setError(adminMessages.validation.choose(t.enrolCourse));
    setError(null);
    enrol.mutate({ studentId, courseId: input.data.courseId }, { onSuccess: () => setCourseId('') });
  }

  return (
    <section aria-labelledby="enrol-heading" className="space-y-3">
      <h2 id="enrol-heading" className="text-xl font-extrabold text-slate-900">
        {t.enrol}
      </h2>
      {enrol.isSuccess ? <Alert tone="success">{t.enrolled}</Alert> : null}
      <FormError error={enrol.error} conflict={t.alreadyEnrolled} />
      <form noValidate onSubmit={submit} className="flex flex-wrap items-end gap-3">
        <div className="min-w-60 flex-1">
          <CourseSelect
            label={t.enrolCourse}
            value={courseId}
            error={error ?? undefined}
            onChange={(event) => setCourseId(event.target.value)}
          />
        </div>
        <SubmitButton pending={enrol.isPending} label={t.enrolSubmit} />
      </form>
    </section>
  );
}
