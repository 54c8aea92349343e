// The corrected quiz: every question with the right answer in green and a wrong choice in red, each
// also named in words (colour is never the only signal), and a question left unanswered said so.
import { UNANSWERED_ANSWER_ID, type ExamResult } from '@app/contract';
import type { QuizLessonContent } from '../../api/lesson-content';
import { playerMessages } from '../../../../i18n/player';
import { examMessages } from '../../lib/exam-messages';
import { CheckIcon, CrossIcon } from '../icons';

const t = playerMessages.quiz;

/** An exam's review may carry each question's explanation (when its settings show them). */
type Props = { questions: QuizLessonContent['questions']; review: ExamResult['review'] };

export function QuizReview({ questions, review }: Props) {
  return (
    <ol className="mt-6 space-y-5 text-start">
      {questions.map((question, index) => {
        const item = review.find((entry) => entry.questionId === question.id);
        const explanation = item?.explanation ?? question.explanation;
        // An exam the server submitted at its deadline may hold questions never answered.
        const unanswered = item?.chosenAnswerId === UNANSWERED_ANSWER_ID;
        return (
          <li key={question.id} className="rounded-2xl border border-slate-200 bg-white p-4">
            <p className="mb-3 font-bold break-words text-slate-900">
              {playerMessages.quiz.questionOf(index + 1, questions.length)}: {question.text}
            </p>
            {unanswered ? (
              <p className="mb-3 text-sm font-bold text-red-800">{examMessages.unanswered}</p>
            ) : null}
            <ul className="space-y-2">
              {question.answers.map((answer) => {
                const correct = item ? answer.id === item.correctAnswerId : answer.isCorrect === true;
                const chosen = item?.chosenAnswerId === answer.id;
                const wrongChoice = chosen && !correct;
                const tone = correct
                  ? 'border-green-600 bg-green-50 text-green-900'
                  : wrongChoice
                    ? 'border-red-600 bg-red-50 text-red-900'
                    : 'border-slate-200 text-slate-700';
                const labels: string[] = [];
                if (correct) labels.push(t.correctAnswer);
                if (chosen) labels.push(correct ? t.yourCorrectAnswer : t.yourWrongAnswer);
                return (
                  <li
                    key={answer.id}
                    data-state={correct ? 'correct' : wrongChoice ? 'wrong' : 'neutral'}
                    className={`flex flex-wrap items-start gap-x-2 gap-y-1 rounded-xl border-2 px-3 py-2 ${tone}`}
                  >
                    <span className="mt-0.5 shrink-0">
                      {correct ? (
                        <CheckIcon className="size-5" />
                      ) : wrongChoice ? (
                        <CrossIcon className="size-5" />
                      ) : null}
                    </span>
                    <span className="min-w-0 flex-1 break-words">{answer.text}</span>
                    {labels.length > 0 ? (
                      // On a phone the label takes its own line under the answer instead of squeezing it.
                      <span className="w-full ps-7 text-xs font-bold sm:w-auto sm:shrink-0 sm:ps-0">
                        {labels.join(' — ')}
                      </span>
                    ) : null}
                  </li>
                );
              })}
            </ul>
            {explanation ? (
              <p className="mt-3 rounded-xl bg-slate-50 px-3 py-2 text-sm break-words text-slate-800">
                <strong>{examMessages.explanation}: </strong>
                {explanation}
              </p>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
