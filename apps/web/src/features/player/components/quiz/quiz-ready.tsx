// Before the first question: the quiz's name and subtitle, 'Ready' and 'Curriculum'.
import { Button } from '../../../../components/ui/button';
import { playerMessages } from '../../../../i18n/player';

const t = playerMessages.quiz;

/** The server's `titel`; the text 'null' is treated as empty. */
export function quizSubtitle(titel: string | null): string | null {
  const text = titel?.trim();
  return text && text.toLowerCase() !== 'null' ? text : null;
}

type Props = {
  lessonName: string;
  titel: string | null;
  questionCount: number;
  onReady: () => void;
  onCurriculum: () => void;
};

export function QuizReady({ lessonName, titel, questionCount, onReady, onCurriculum }: Props) {
  const subtitle = quizSubtitle(titel);
  return (
    <div className="text-center">
      <p className="text-sm font-semibold text-brand-700">{t.readyTitle}</p>
      <h1 id="lesson-title" className="mt-2 text-xl font-extrabold text-slate-900 md:text-2xl">
        {lessonName}
      </h1>
      {subtitle ? <p className="mt-2 text-slate-700">{subtitle}</p> : null}
      <p className="mt-4 text-sm text-slate-600">{t.readyHint(questionCount)}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Button onClick={onReady} className="min-w-32">
          {t.ready}
        </Button>
        <Button variant="secondary" onClick={onCurriculum} className="min-w-32">
          {t.curriculum}
        </Button>
      </div>
    </div>
  );
}
