// A select of the school's courses (for a code batch, a manual enrolment, quiz results).
import type { SelectHTMLAttributes } from 'react';
import { SelectField } from '../../../components/ui/field';
import { adminMessages } from '../../../i18n/admin';
import { useCourseOptions } from '../api/courses';

export function CourseSelect({
  label,
  error,
  ...props
}: { label: string; error?: string } & SelectHTMLAttributes<HTMLSelectElement>) {
  const courses = useCourseOptions();
  return (
    <SelectField label={label} error={error} {...props}>
      <option value="">{adminMessages.codes.chooseCourse}</option>
      {courses.data?.map((course) => (
        <option key={course.id} value={course.id}>
          {course.name}
        </option>
      ))}
    </SelectField>
  );
}
