// One row of the question bank: the question (shortened, with its image and how many attempts drew
// it), its topic, difficulty and correct answer, and its edit and delete buttons.
import type { BankQuestion } from '@app/contract';
import { Badge } from '../../../components/ui/badge';
import { adminMessages } from '../../../i18n/admin';
import { adminBankMessages as t } from '../../../i18n/admin-bank';
import { useDeleteBankQuestion } from '../api/question-bank';
import { rowButton } from './button-styles';
import { DeleteButton } from './delete-button';

const SHORT = 60;
/** The question's text cut to a short line, for buttons' names and the delete dialog. */
export const shortText = (text: string) =>
  text.length > SHORT ? `${text.slice(0, SHORT).trimEnd()}…` : text;

const DIFFICULTY_TONE = { easy: 'success', medium: 'neutral', hard: 'warning' } as const;

export function BankQuestionRow({
  question,
  onEdit,
  onDeleted,
}: {
  question: BankQuestion;
  onEdit: () => void;
  onDeleted: () => void;
}) {
  const short = shortText(question.text);
  const correct = question.answers.find((answer) => answer.isCorrect);
  const deletion = useDeleteBankQuestion(question.courseId);
  return (
    <tr>
      <th scope="row" className="font-normal">
        <div className="flex items-start gap-2">
          {question.imagePath ? (
            <img
              src={question.imagePath}
              alt={t.hasImage}
              loading="lazy"
              width={48}
              height={48}
              className="size-12 shrink-0 rounded-lg border border-slate-200 object-cover"
            />
          ) : null}
          <div className="min-w-0">
            <p className="line-clamp-2 font-bold break-words whitespace-normal text-slate-900">
              {question.text}
            </p>
            {question.timesDrawn > 0 ? (
              <p className="mt-1 text-xs text-slate-600">{t.drawn(question.timesDrawn)}</p>
            ) : null}
          </div>
        </div>
      </th>
      <td className="max-w-40 break-words whitespace-normal">
        {question.topic || adminMessages.common.none}
      </td>
      <td>
        <Badge tone={DIFFICULTY_TONE[question.difficulty]}>{t.difficultyName[question.difficulty]}</Badge>
      </td>
      <td className="max-w-48 break-words whitespace-normal">{correct?.text ?? adminMessages.common.none}</td>
      <td>
        <div className="flex items-center gap-1">
          <button type="button" className={rowButton()} aria-label={t.editLabel(short)} onClick={onEdit}>
            {adminMessages.common.edit}
          </button>
          <DeleteButton
            label={t.deleteLabel(short)}
            title={t.deleteTitle}
            body={t.deleteBody(short, question.answersLocked)}
            action={() => deletion.mutateAsync(question.id)}
            onDone={onDeleted}
          />
        </div>
      </td>
    </tr>
  );
}
