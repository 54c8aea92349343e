// The demo's question banks (issue 20): every course's quiz questions, each also in its course's bank,
// tagged with its unit's name as the topic and a difficulty by its place in the quiz (the first easy,
// the last hard), so a school trying the demo can turn any quiz into an exam that draws from the bank
// without writing questions first. The correct answer is shown where the quiz shows it.
import type { Transaction } from 'kysely';
import type { Database, Difficulty } from '../db/schema';
import { DEMO_COURSES } from './catalogue';
import type { DemoQuestion } from './types';
import { shownAnswers, type WrittenCatalogue } from './write-catalogue';

const difficultyAt = (index: number, count: number): Difficulty =>
  index === 0 ? 'easy' : index === count - 1 ? 'hard' : 'medium';

const answersOf = (question: DemoQuestion) =>
  shownAnswers(question).map((answer) => ({ text: answer.text, isCorrect: answer.correct }));

export async function writeDemoBanks(
  trx: Transaction<Database>,
  input: { tenantId: number; now: string; catalogue: WrittenCatalogue },
): Promise<void> {
  const rows = DEMO_COURSES.flatMap((course) =>
    course.units.flatMap((unit) =>
      unit.lessons.flatMap((lesson) =>
        lesson.type !== 'Quiz'
          ? []
          : lesson.questions.map((question, index) => ({
              tenant_id: input.tenantId,
              course_id: input.catalogue.course(course.key).id,
              text: question.text,
              image_file: null,
              explanation: null,
              difficulty: difficultyAt(index, lesson.questions.length),
              topic: unit.name.slice(0, 100),
              answers_json: JSON.stringify(answersOf(question)),
              archived_at: null,
              created_at: input.now,
              updated_at: input.now,
            })),
      ),
    ),
  );
  if (rows.length > 0) await trx.insertInto('bank_questions').values(rows).execute();
}
