// The lessons of one unit in the curriculum: name, type, done mark; locked lessons are disabled with a
// lock icon (tapping one says why). Which lessons are locked is decided by the caller with the domain's lockedFlags.
import type { LessonRef } from '@app/contract';
import { isLessonDone } from '@app/domain';
import { playerMessages } from '../../../i18n/player';
import { CheckIcon, LockIcon, QuizIcon, VideoIcon } from './icons';

const t = playerMessages.sidebar;

type Props = {
  lessons: readonly LessonRef[];
  locked: readonly boolean[];
  /** Index of the open lesson in this unit, or null when it is in another unit. */
  currentIndex: number | null;
  /** 'viewer' marks submitted quizzes 'تم التسليم'; the course player marks every done lesson 'مكتمل'. */
  marks: 'player' | 'viewer';
  onSelect: (lessonIndex: number) => void;
};

function doneLabel(lesson: LessonRef, marks: Props['marks']): string | null {
  if (!isLessonDone(lesson)) return null;
  return marks === 'viewer' && lesson.type === 'Quiz' ? t.submitted : t.completed;
}

export function LessonList({ lessons, locked, currentIndex, marks, onSelect }: Props) {
  return (
    <ol className="space-y-1">
      {lessons.map((lesson, index) => {
        const isLocked = locked[index] ?? false;
        const isCurrent = index === currentIndex;
        const done = doneLabel(lesson, marks);
        const TypeIcon = lesson.type === 'Quiz' ? QuizIcon : VideoIcon;
        return (
          <li key={lesson.id}>
            <button
              type="button"
              // aria-disabled rather than disabled: a tap on a locked lesson still says why it is locked.
              aria-disabled={isLocked || undefined}
              aria-current={isCurrent ? 'step' : undefined}
              title={isLocked ? playerMessages.selection.previousQuiz : undefined}
              onClick={() => onSelect(index)}
              className={`flex w-full items-start gap-3 rounded-xl px-3 py-2.5 text-start transition-colors aria-disabled:cursor-not-allowed aria-disabled:opacity-60 ${
                isCurrent ? 'bg-brand-50 ring-1 ring-brand-600' : 'hover:bg-slate-50'
              }`}
            >
              <span
                className={`mt-0.5 grid size-8 shrink-0 place-items-center rounded-full ${
                  done ? 'bg-green-100 text-green-700' : 'bg-slate-100 text-slate-600'
                }`}
              >
                {isLocked ? <LockIcon className="size-4" /> : <TypeIcon className="size-4" />}
              </span>
              <span className="min-w-0 flex-1">
                <span className="block font-semibold break-words text-slate-900">{lesson.lessonName}</span>
                <span className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs text-slate-600">
                  <span>{lesson.type === 'Quiz' ? t.quiz : t.video}</span>
                  {isLocked ? <span className="text-slate-700">{t.locked}</span> : null}
                  {done ? (
                    <span className="inline-flex items-center gap-1 font-semibold text-green-700">
                      <CheckIcon className="size-3.5" />
                      {done}
                    </span>
                  ) : null}
                  {isCurrent ? <span className="sr-only">{t.current}</span> : null}
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ol>
  );
}
