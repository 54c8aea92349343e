// A course's activate/deactivate toggle and its delete button with confirmation. Deleting is refused
// (409) while students use the course: the dialog then says so instead of closing.
import type { AdminCourse } from '@app/contract';
import { Button } from '../../../components/ui/button';
import { adminMessages } from '../../../i18n/admin';
import { useDeleteCourse, useSetCourseActive } from '../api/course';
import { adminErrorText } from '../lib/error-text';
import { DeleteButton } from './delete-button';

const t = adminMessages.courses;

export function ActiveToggle({
  course,
  onDone,
}: {
  course: Pick<AdminCourse, 'id' | 'name' | 'active'>;
  onDone?: (message: string) => void;
}) {
  const mutation = useSetCourseActive();
  const next = !course.active;
  return (
    <Button
      variant={course.active ? 'secondary' : 'success'}
      className="min-h-10 px-3 py-1"
      aria-label={next ? t.activateLabel(course.name) : t.deactivateLabel(course.name)}
      disabled={mutation.isPending}
      onClick={() =>
        mutation.mutate(
          { id: course.id, active: next },
          {
            onSuccess: () => onDone?.(t.toggled(course.name, next)),
            onError: (error) => onDone?.(adminErrorText(error)),
          },
        )
      }
    >
      {next ? t.activate : t.deactivate}
    </Button>
  );
}

export function DeleteCourseButton({
  course,
  onDeleted,
}: {
  course: Pick<AdminCourse, 'id' | 'name'>;
  onDeleted: () => void;
}) {
  const mutation = useDeleteCourse();
  return (
    <DeleteButton
      label={t.deleteLabel(course.name)}
      title={t.deleteTitle}
      body={t.deleteBody(course.name)}
      refusal={t.deleteBlocked}
      action={() => mutation.mutateAsync(course.id)}
      onDone={onDeleted}
    />
  );
}
