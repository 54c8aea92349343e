// A course's units, each with its lessons: add, rename and delete units; add video lessons and
// quizzes; reorder units and lessons by dragging or with the move buttons.
import type { AdminCourseDetail, AdminUnit } from '@app/contract';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClass } from '../../../components/ui/button';
import { StateMessage } from '../../../components/ui/state-message';
import { paths } from '../../../config/paths';
import { adminMessages } from '../../../i18n/admin';
import { useDeleteLesson, useReorderLessons } from '../api/lessons';
import { useDeleteUnit, useReorderUnits } from '../api/units';
import { rowButton } from './button-styles';
import { DeleteButton } from './delete-button';
import { ReorderableList } from './reorderable-list';
import { UnitDialog } from './unit-dialog';

const t = adminMessages.editor;

export function UnitsEditor({ course }: { course: AdminCourseDetail }) {
  const [dialog, setDialog] = useState<{ unit: AdminUnit | null } | null>(null);
  const reorder = useReorderUnits();
  return (
    <section aria-labelledby="units-heading">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="units-heading" className="text-xl font-extrabold text-slate-900">
          {t.units}
        </h2>
        <Button onClick={() => setDialog({ unit: null })}>{t.addUnit}</Button>
      </div>
      {course.units.length === 0 ? (
        <StateMessage title={t.noUnits} />
      ) : (
        <ReorderableList
          items={course.units}
          label={t.units}
          onReorder={(ids) => reorder.mutateAsync({ courseId: course.id, ids })}
        >
          {(unit, index, controls) => (
            <UnitCard
              courseId={course.id}
              unit={unit}
              number={index + 1}
              controls={controls}
              onEdit={() => setDialog({ unit })}
            />
          )}
        </ReorderableList>
      )}
      <UnitDialog
        courseId={course.id}
        unit={dialog?.unit ?? null}
        open={dialog !== null}
        onClose={() => setDialog(null)}
      />
    </section>
  );
}

function UnitCard({
  courseId,
  unit,
  number,
  controls,
  onEdit,
}: {
  courseId: number;
  unit: AdminUnit;
  number: number;
  controls: ReactNode;
  onEdit: () => void;
}) {
  const remove = useDeleteUnit();
  const reorder = useReorderLessons();
  return (
    <article className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="text-sm font-semibold text-brand-800">{t.unitNumber(number)}</p>
          <h3 className="text-lg font-bold break-words text-slate-900">{unit.name}</h3>
          {unit.title ? <p className="text-slate-700">{unit.title}</p> : null}
        </div>
        <div className="flex flex-wrap items-center gap-1">
          {controls}
          <button type="button" className={rowButton()} aria-label={t.editLabel(unit.name)} onClick={onEdit}>
            {adminMessages.common.edit}
          </button>
          <DeleteButton
            label={t.deleteLabel(unit.name)}
            title={t.deleteUnitTitle}
            body={t.deleteUnitBody(unit.name)}
            action={() => remove.mutateAsync({ courseId, unitId: unit.id })}
          />
        </div>
      </div>
      <div className="mt-4 border-t border-slate-100 pt-4">
        {unit.lessons.length === 0 ? (
          <p className="text-slate-600">{t.noLessons}</p>
        ) : (
          <ReorderableList
            items={unit.lessons}
            label={t.lessons(unit.name)}
            onReorder={(ids) => reorder.mutateAsync({ courseId, unitId: unit.id, ids })}
          >
            {(lesson, _index, controls) => (
              <LessonRow courseId={courseId} lesson={lesson} controls={controls} />
            )}
          </ReorderableList>
        )}
        <div className="mt-4 flex flex-wrap gap-2">
          <Link
            to={paths.adminLessonNew.getHref(courseId, unit.id, 'Video')}
            className={buttonClass('secondary', 'min-h-10 py-1.5')}
          >
            {t.addVideo}
          </Link>
          <Link
            to={paths.adminLessonNew.getHref(courseId, unit.id, 'Quiz')}
            className={buttonClass('secondary', 'min-h-10 py-1.5')}
          >
            {t.addQuiz}
          </Link>
        </div>
      </div>
    </article>
  );
}

function LessonRow({
  courseId,
  lesson,
  controls,
}: {
  courseId: number;
  lesson: AdminUnit['lessons'][number];
  controls: ReactNode;
}) {
  const remove = useDeleteLesson();
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-slate-50 px-3 py-2">
      <div className="flex min-w-0 flex-wrap items-center gap-2">
        <Badge tone={lesson.type === 'Quiz' ? 'warning' : 'info'}>
          {lesson.type === 'Quiz' ? t.quiz : t.video}
        </Badge>
        <Link
          to={paths.adminLesson.getHref(lesson.id)}
          className="font-semibold break-words text-slate-900 underline-offset-4 hover:underline"
        >
          {lesson.name}
        </Link>
        {lesson.type === 'Quiz' ? (
          <span className="text-sm text-slate-600">{t.questions(lesson.questionCount)}</span>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-1">
        {controls}
        <Link
          to={paths.adminLesson.getHref(lesson.id)}
          className={rowButton()}
          aria-label={t.editLabel(lesson.name)}
        >
          {adminMessages.common.edit}
        </Link>
        <DeleteButton
          label={t.deleteLabel(lesson.name)}
          title={t.deleteLessonTitle}
          body={t.deleteLessonBody(lesson.name)}
          refusal={t.quizDeleteBlocked}
          action={() => remove.mutateAsync({ courseId, lessonId: lesson.id })}
        />
      </div>
    </div>
  );
}
