// One question at a time: its answers as a radio group (arrow keys move between them), the answer
// changeable until the student moves on.
import { roundedPercent } from '@app/domain';
import { useEffect, useRef } from 'react';
import { playerMessages } from '../../../../i18n/player';
import type { QuizLessonContent } from '../../api/lesson-content';
import { examMessages } from '../../lib/exam-messages';

const t = playerMessages.quiz;

type Question = QuizLessonContent['questions'][number];

type Props = {
  question: Question;
  index: number;
  total: number;
  selected: number | undefined;
  onSelect: (answerId: number) => void;
  /** An exam whose time is over: the answers can no longer change. */
  disabled?: boolean;
};

export function QuizQuestion({ question, index, total, selected, onSelect, disabled = false }: Props) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Answered questions count, not the one on screen: 0 % before the first answer.
  const percent = roundedPercent(index + (selected === undefined ? 0 : 1), total);

  // Each question, the first one too (shown after 'Ready'), moves the focus (and a screen reader) to
  // its text, so the focus never falls to the page when the button pressed leaves it.
  useEffect(() => {
    headingRef.current?.focus();
  }, [index]);

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2 text-sm">
        <p className="font-bold text-slate-800">{t.questionOf(index + 1, total)}</p>
        <p className="text-slate-600">{t.percentComplete(percent)}</p>
      </div>
      <div
        role="progressbar"
        aria-label={t.progressLabel}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={t.percentComplete(percent)}
        className="mb-6 h-2 overflow-hidden rounded-full bg-slate-100"
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-[width]"
          style={{ width: `${percent}%` }}
        />
      </div>
      {question.imageUrl ? (
        <img
          src={question.imageUrl}
          alt={examMessages.questionImage}
          className="mx-auto mb-4 max-h-80 w-auto max-w-full rounded-xl border border-slate-200"
        />
      ) : null}
      <div role="radiogroup" aria-labelledby={`question-${question.id}`}>
        <h2
          id={`question-${question.id}`}
          ref={headingRef}
          tabIndex={-1}
          className="mb-4 text-lg font-bold break-words text-slate-900"
        >
          {question.text}
        </h2>
        <div className="space-y-2">
          {question.answers.map((answer) => (
            <label
              key={answer.id}
              className="flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border border-slate-300 bg-white px-4 py-3 has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:ring-2 has-focus-visible:ring-brand-500"
            >
              <input
                type="radio"
                name={`question-${question.id}-answer`}
                value={answer.id}
                checked={selected === answer.id}
                disabled={disabled}
                onChange={() => onSelect(answer.id)}
                className="size-5 shrink-0 accent-brand-700"
              />
              <span className="break-words text-slate-900">{answer.text}</span>
            </label>
          ))}
        </div>
      </div>
    </div>
  );
}
