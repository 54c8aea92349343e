// Codes and the demo student's history: printable unused codes, two enrolments made with codes three
// days ago, some completed videos, one graded quiz, and one unit opened with a unit code.
import { gradeQuiz } from '@app/domain';
import type { Db } from '../db/connect';
import { issueCodes } from '../modules/codes/code-issuer';
import { DEMO_BATCH_LABEL, DEMO_CODES_PER_BATCH, DEMO_PLAN } from './catalogue';
import type { WrittenCatalogue } from './write-catalogue';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

export async function issueDemoCodes(db: Db, tenantId: number, catalogue: WrittenCatalogue, now: Date) {
  for (const key of DEMO_PLAN.enrollmentCodes) {
    const courseId = catalogue.course(key).id;
    await issueCodes(db, {
      tenantId,
      target: { table: 'enrollment_codes', courseId },
      count: DEMO_CODES_PER_BATCH,
      label: DEMO_BATCH_LABEL,
      now,
    });
  }
  for (const ref of DEMO_PLAN.unitCodes) {
    const unitId = catalogue.unit(ref).id;
    await issueCodes(db, {
      tenantId,
      target: { table: 'unit_codes', unitId },
      count: DEMO_CODES_PER_BATCH,
      label: DEMO_BATCH_LABEL,
      now,
    });
  }
}

export async function seedStudentProgress(
  db: Db,
  input: { tenantId: number; studentId: number; catalogue: WrittenCatalogue; now: Date },
): Promise<void> {
  const { tenantId, studentId, catalogue, now } = input;
  const plan = DEMO_PLAN.student;
  const enrolledAt = new Date(now.getTime() - 3 * DAY_MS);
  const at = (offsetMs: number) => new Date(enrolledAt.getTime() + offsetMs).toISOString();

  // The codes the student "used", issued like any other code and then marked as redeemed.
  const enrolmentCodes: { courseId: number; code: string }[] = [];
  for (const key of plan.enrolments) {
    const courseId = catalogue.course(key).id;
    const [code] = await issueCodes(db, {
      tenantId,
      target: { table: 'enrollment_codes', courseId },
      count: 1,
      label: DEMO_BATCH_LABEL,
      now,
    });
    enrolmentCodes.push({ courseId, code: code ?? '' });
  }
  const unlockedUnitId = catalogue.unit(plan.unlockedUnit).id;
  const [unitCode = ''] = await issueCodes(db, {
    tenantId,
    target: { table: 'unit_codes', unitId: unlockedUnitId },
    count: 1,
    label: DEMO_BATCH_LABEL,
    now,
  });

  const quiz = catalogue.lesson(plan.submittedQuiz);
  if (quiz.type !== 'Quiz' || quiz.questions.length !== plan.submittedQuiz.correct.length) {
    throw new Error(
      'the demo plan must name a quiz and say, for each of its questions, whether it is answered right',
    );
  }
  const graded = gradeQuiz(
    quiz.questions.map((question) => ({ id: question.id, correctAnswerId: question.correctAnswerId })),
    quiz.questions.map((question, index) => ({
      questionId: question.id,
      answerId: plan.submittedQuiz.correct[index]
        ? question.correctAnswerId
        : (question.wrongAnswerIds[0] ?? question.correctAnswerId),
    })),
  );

  await db.transaction().execute(async (trx) => {
    for (const { courseId, code } of enrolmentCodes) {
      const used = await trx
        .updateTable('enrollment_codes')
        .set({ used_by: studentId, used_at: at(0) })
        .where('code', '=', code)
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('enrollments')
        .values({
          tenant_id: tenantId,
          user_id: studentId,
          course_id: courseId,
          enrolled_at: at(0),
          source: 'code',
          code_id: used.id,
        })
        .execute();
    }

    const unlockedAt = new Date(now.getTime() - DAY_MS).toISOString();
    const usedUnitCode = await trx
      .updateTable('unit_codes')
      .set({ used_by: studentId, used_at: unlockedAt })
      .where('code', '=', unitCode)
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('unit_unlocks')
      .values({
        tenant_id: tenantId,
        user_id: studentId,
        unit_id: unlockedUnitId,
        code_id: usedUnitCode.id,
        unlocked_at: unlockedAt,
      })
      .execute();

    for (const [index, ref] of plan.completedVideos.entries()) {
      const lesson = catalogue.lesson(ref);
      if (lesson.type !== 'Video') throw new Error(`demo plan completes a lesson that is not a video`);
      await trx
        .insertInto('lesson_completions')
        .values({
          tenant_id: tenantId,
          user_id: studentId,
          lesson_id: lesson.id,
          completed_at: at((index + 1) * HOUR_MS),
        })
        .execute();
    }

    await trx
      .insertInto('quiz_results')
      .values({
        tenant_id: tenantId,
        user_id: studentId,
        lesson_id: quiz.id,
        score: graded.score,
        correct_count: graded.correctCount,
        total: graded.total,
        answers_json: JSON.stringify(graded.review),
        submitted_at: at(DAY_MS),
      })
      .execute();
  });
}
