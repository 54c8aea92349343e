// Each question's share of correct answers (with a bar) and the wrong answer chosen most, in the
// exam's order or hardest first (the lowest share first; questions nobody has answered last). A quiz
// taken on its own questions before it drew from the bank lists both kinds: each then says which it
// is (their ids are apart, so a question is known by its source and id).
import type { QuizStatistics } from '@app/contract';
import { useState } from 'react';
import { SelectField } from '../../../components/ui/field';
import { adminMessages } from '../../../i18n/admin';
import { adminExamMessages } from '../../../i18n/admin-exam';
import { StatsBar } from './quiz-stats-bar';

const t = adminExamMessages.statistics;
type Question = QuizStatistics['questions'][number];

const hardestFirst = (a: Question, b: Question) =>
  (a.correctPercent ?? Number.POSITIVE_INFINITY) - (b.correctPercent ?? Number.POSITIVE_INFINITY);

const toneOf = (percent: number) => (percent < 50 ? 'low' : percent < 75 ? 'mid' : 'high');

function QuestionStats({ question, showSource }: { question: Question; showSource: boolean }) {
  const percent = question.correctPercent;
  const wrong = question.mostChosenWrong;
  return (
    <li className="space-y-2 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      {showSource ? (
        <p className="text-xs font-semibold text-slate-600">{t.source[question.source]}</p>
      ) : null}
      <p className="font-semibold whitespace-pre-line text-slate-900" dir="auto">
        {question.text}
      </p>
      {percent === null ? (
        <p className="text-sm text-slate-600">{t.notAnswered}</p>
      ) : (
        <>
          <div className="flex items-center gap-3">
            <span className="shrink-0 text-sm text-slate-700">{t.correctShare}</span>
            <StatsBar percent={percent} tone={toneOf(percent)} />
            <span className="shrink-0 font-bold text-slate-900 tabular-nums">
              {adminMessages.common.percent(percent)}
            </span>
          </div>
          <p className="text-sm text-slate-600">{t.answered(question.answered)}</p>
          {wrong ? (
            <p className="text-sm text-slate-800">
              {t.mostWrong}: <bdi className="font-semibold">{wrong.text}</bdi> ({t.chosenTimes(wrong.count)})
            </p>
          ) : (
            <p className="text-sm text-slate-600">{percent === 100 ? t.noWrong : t.noWrongUnanswered}</p>
          )}
        </>
      )}
    </li>
  );
}

export function QuizStatsQuestions({ stats }: { stats: QuizStatistics }) {
  const [order, setOrder] = useState<'exam' | 'hardest'>('exam');
  const questions = order === 'hardest' ? [...stats.questions].sort(hardestFirst) : stats.questions;
  const showSource = new Set(stats.questions.map((question) => question.source)).size > 1;
  return (
    <section aria-labelledby="stats-questions" className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="stats-questions" className="text-lg font-extrabold text-slate-900">
          {t.questions}
        </h2>
        {questions.length > 1 ? (
          <SelectField
            label={t.order}
            value={order}
            onChange={(event) => setOrder(event.target.value === 'hardest' ? 'hardest' : 'exam')}
          >
            <option value="exam">{t.orderExam}</option>
            <option value="hardest">{t.orderHardest}</option>
          </SelectField>
        ) : null}
      </div>
      {questions.length === 0 ? (
        <p className="text-slate-700">{t.noQuestions}</p>
      ) : (
        <ol aria-labelledby="stats-questions" className="space-y-3">
          {questions.map((question) => (
            <QuestionStats
              key={`${question.source}-${question.questionId}`}
              question={question}
              showSource={showSource}
            />
          ))}
        </ol>
      )}
    </section>
  );
}
