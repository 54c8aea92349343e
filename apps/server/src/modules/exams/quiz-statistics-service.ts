// What a teacher sees of one quiz (decision 0013, «إحصاءات الاختبار»): the counted results in score
// bands, per question the share answered correctly and the wrong answer chosen most, and the students
// who could take it but have not, and those below the pass mark who may take it no more. A plain quiz
// is read from its results' reviews; an exam from its closed attempts (every question each drew, the
// unanswered ones wrong). Seven statements at most, whatever the number of students: the lesson (and
// the exam's settings, cached), then the rest at once.
import type { QuizStatistics } from '@app/contract';
import {
  attemptsUsed,
  type DrawnQuestion,
  lockout,
  roundedPercent,
  rulesFor,
  scoreDistribution,
} from '@app/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/connect';
import type { Clock } from '../../lib/clock';
import { badRequest, notFound } from '../../lib/app-error';
import { csvCell, type Cell } from '../admin/csv';
import { LESSON_NOT_FOUND } from '../admin/owned-rows';
import { NOT_A_QUIZ } from '../learning/quiz-service';
import type { LessonExamSettings } from './exam-settings';
import type { ExamSettingsCache } from './settings-cache';

/** The CSV's tables, their columns in Arabic as the statistics screen names them. */
export const STATISTICS_HEADERS = {
  summary: ['الدرس', 'عدد من قدّموه', 'متوسط الدرجات', 'عدد الناجحين'],
  distribution: ['من درجة', 'إلى درجة', 'عدد الطلاب'],
  questions: [
    'السؤال',
    'عدد من أجابوه',
    'نسبة الإجابة الصحيحة',
    'أكثر إجابة خاطئة اختيارًا',
    'عدد مرات اختيارها',
    'المصدر',
  ],
  notAttempted: ['لم يحاولوا: اسم الطالب', 'رقم الهاتف'],
  lockedOut: ['لم ينجحوا ولم تبقَ لهم محاولة: اسم الطالب', 'رقم الهاتف', 'الدرجة'],
  retakePending: ['سُمح لهم بمحاولة أخرى ولم يبدؤوها: اسم الطالب', 'رقم الهاتف', 'الدرجة'],
} as const;
/** A question's source in the CSV. */
export const QUESTION_SOURCE = { fixed: 'من أسئلة الدرس', bank: 'من بنك الأسئلة' } as const;

type QuestionStats = QuizStatistics['questions'][number];

/** A question as the statistics count it: its text and, by stored answer key, each answer. */
type KnownQuestion = { text: string; answers: Map<number, { text: string; isCorrect: boolean }> };

/** Tallies per question of one source (a lesson's own questions, or the course's bank). */
class Tally {
  private readonly counts = new Map<
    number,
    { answered: number; correct: number; wrong: Map<number, number> }
  >();

  constructor(
    private readonly known: ReadonlyMap<number, KnownQuestion>,
    private readonly source: QuestionStats['source'],
  ) {}

  /** One answer (`chosen` a stored answer key, null when none was saved); unknown questions are skipped. */
  add(questionId: number, chosen: number | null) {
    const question = this.known.get(questionId);
    if (!question) return;
    const entry = this.counts.get(questionId) ?? {
      answered: 0,
      correct: 0,
      wrong: new Map<number, number>(),
    };
    this.counts.set(questionId, entry);
    entry.answered += 1;
    if (chosen !== null && question.answers.get(chosen)?.isCorrect) entry.correct += 1;
    else if (chosen !== null && question.answers.has(chosen))
      entry.wrong.set(chosen, (entry.wrong.get(chosen) ?? 0) + 1);
  }

  /** In the known questions' order: all of them (a fixed list), or only those answered (a bank). */
  questions(options: { all: boolean }): QuestionStats[] {
    return [...this.known].flatMap(([questionId, question]) => {
      const entry = this.counts.get(questionId);
      if (!entry && !options.all) return [];
      const answered = entry?.answered ?? 0;
      // The most chosen wrong answer; on a tie, the one listed first.
      let top: { key: number; count: number } | null = null;
      for (const key of question.answers.keys()) {
        const count = entry?.wrong.get(key) ?? 0;
        if (count > 0 && (top === null || count > top.count)) top = { key, count };
      }
      return [
        {
          questionId,
          source: this.source,
          text: question.text,
          answered,
          correctPercent: entry ? roundedPercent(entry.correct, answered) : null,
          mostChosenWrong: top && { text: question.answers.get(top.key)!.text, count: top.count },
        },
      ];
    });
  }
}

const parsed = <T>(json: string | null, fallback: T): T => {
  try {
    return json === null ? fallback : ((JSON.parse(json) as T | null) ?? fallback);
  } catch {
    return fallback;
  }
};

type ReviewItem = { questionId: number; chosenAnswerId: number | null };

export class QuizStatisticsService {
  constructor(private readonly deps: { db: Db; settings: ExamSettingsCache; clock: Clock }) {}

  async statistics(tenantId: number, lessonId: number): Promise<QuizStatistics> {
    const lesson = await this.quizLesson(tenantId, lessonId);
    const isExam = lesson.settings_lesson_id !== null;
    const settings = isExam ? await this.deps.settings.get(tenantId, lessonId) : null;
    const [results, fixed, attempts, bank, notAttempted, failing] = await Promise.all([
      this.results(tenantId, lessonId),
      this.fixedQuestions(tenantId, lessonId),
      isExam ? this.closedAttempts(tenantId, lessonId) : Promise.resolve([]),
      isExam
        ? this.bankQuestions(tenantId, lesson.course_id)
        : Promise.resolve(new Map<number, KnownQuestion>()),
      this.notAttempted(tenantId, lesson),
      settings?.passMark != null
        ? this.failing(tenantId, settings)
        : Promise.resolve({ lockedOut: [], retakePending: [] }),
    ]);

    const tally = new Tally(fixed, 'fixed');
    const bankTally = new Tally(bank, 'bank');
    // Every closed attempt of an exam, each question it drew (unanswered: wrong, no answer chosen)…
    for (const attempt of attempts) {
      const target = attempt.source === 'bank' ? bankTally : tally;
      const saved = parsed<Record<string, number>>(attempt.answers_json, {});
      for (const question of parsed<DrawnQuestion[]>(attempt.draw_json, [])) {
        const position = saved[String(question.questionId)];
        target.add(question.questionId, (position && question.answers[position - 1]) ?? null);
      }
    }
    // …and the plain quiz's results (also one submitted before the quiz became an exam), by their
    // reviews in stored ids; a result an existing client graded has none.
    for (const result of results) {
      if (result.attempt_id !== null) continue;
      for (const item of parsed<ReviewItem[]>(result.answers_json, []))
        tally.add(item.questionId, item.chosenAnswerId);
    }

    const scores = results.map((r) => r.score);
    const hasPassMark = isExam && lesson.pass_mark !== null;
    return {
      lessonId: lesson.id,
      lessonName: lesson.name,
      distribution: scoreDistribution(scores),
      submitted: results.length,
      averageScore:
        scores.length === 0
          ? null
          : Math.round((scores.reduce((a, b) => a + b, 0) / scores.length) * 100) / 100,
      passedCount: hasPassMark ? results.filter((r) => r.passed === 1).length : null,
      // A fixed list shows every question of the lesson (the plain quiz, or an exam at its fixed list);
      // a bank only the questions drawn.
      questions: [
        ...tally.questions({ all: !isExam || lesson.source === 'fixed' }),
        ...bankTally.questions({ all: false }),
      ],
      notAttempted,
      ...failing,
    };
  }

  async exportCsv(tenantId: number, lessonId: number): Promise<{ fileName: string; body: string }> {
    const stats = await this.statistics(tenantId, lessonId);
    const sections: [readonly string[], Cell[][]][] = [
      [
        STATISTICS_HEADERS.summary,
        [[stats.lessonName, stats.submitted, stats.averageScore, stats.passedCount]],
      ],
      [STATISTICS_HEADERS.distribution, stats.distribution.map((b) => [b.from, b.to, b.count])],
      [
        STATISTICS_HEADERS.questions,
        stats.questions.map((q) => [
          q.text,
          q.answered,
          q.correctPercent,
          q.mostChosenWrong?.text,
          q.mostChosenWrong?.count,
          QUESTION_SOURCE[q.source],
        ]),
      ],
      [STATISTICS_HEADERS.notAttempted, stats.notAttempted.map((s) => [s.name, s.phoneNumber])],
      [STATISTICS_HEADERS.lockedOut, stats.lockedOut.map((s) => [s.name, s.phoneNumber, s.score])],
      [STATISTICS_HEADERS.retakePending, stats.retakePending.map((s) => [s.name, s.phoneNumber, s.score])],
    ];
    // One table per part, a blank line between, in the results export's CSV (BOM, CRLF, quoting).
    const tables = sections.map(([header, rows]) =>
      [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n'),
    );
    return {
      fileName: `quiz-statistics-lesson-${lessonId}.csv`,
      body: `\uFEFF${tables.join('\r\n\r\n')}\r\n`,
    };
  }

  /** The tenant's quiz lesson with its exam settings (none for a plain quiz): 404 elsewhere, 400 for a video. */
  private async quizLesson(tenantId: number, lessonId: number) {
    const lesson = await this.deps.db
      .selectFrom('lessons as l')
      .innerJoin('units as u', 'u.id', 'l.unit_id')
      .leftJoin('quiz_settings as s', 's.lesson_id', 'l.id')
      .select([
        'l.id',
        'l.name',
        'l.type',
        'l.unit_id',
        'u.course_id',
        's.lesson_id as settings_lesson_id',
        's.source',
        's.pass_mark',
      ])
      .where('l.tenant_id', '=', tenantId)
      .where('l.id', '=', lessonId)
      .executeTakeFirst();
    if (!lesson) throw notFound(LESSON_NOT_FOUND);
    if (lesson.type !== 'Quiz') throw badRequest(NOT_A_QUIZ);
    return lesson;
  }

  /** The counted results (one per student). */
  private results(tenantId: number, lessonId: number) {
    return this.deps.db
      .selectFrom('quiz_results')
      .select(['score', 'passed', 'attempt_id', 'answers_json'])
      .where('tenant_id', '=', tenantId)
      .where('lesson_id', '=', lessonId)
      .orderBy('id')
      .execute();
  }

  /** The lesson's own questions and answers, keyed by the stored ids, in quiz order. */
  private async fixedQuestions(tenantId: number, lessonId: number): Promise<Map<number, KnownQuestion>> {
    const rows = await this.deps.db
      .selectFrom('quiz_questions as q')
      .leftJoin('quiz_answers as a', 'a.question_id', 'q.id')
      .select(['q.id', 'q.text', 'a.id as answer_id', 'a.text as answer_text', 'a.is_correct'])
      .where('q.tenant_id', '=', tenantId)
      .where('q.lesson_id', '=', lessonId)
      .orderBy('q.position')
      .orderBy('q.id')
      .orderBy('a.position')
      .orderBy('a.id')
      .execute();
    const questions = new Map<number, KnownQuestion>();
    for (const row of rows) {
      const question = questions.get(row.id) ?? { text: row.text, answers: new Map() };
      questions.set(row.id, question);
      if (row.answer_id !== null)
        question.answers.set(row.answer_id, { text: row.answer_text ?? '', isCorrect: row.is_correct === 1 });
    }
    return questions;
  }

  /** The course's bank, archived questions too (attempts drew them), keyed by id; answers by index. */
  private async bankQuestions(tenantId: number, courseId: number): Promise<Map<number, KnownQuestion>> {
    const rows = await this.deps.db
      .selectFrom('bank_questions')
      .select(['id', 'text', 'answers_json'])
      .where('tenant_id', '=', tenantId)
      .where('course_id', '=', courseId)
      .orderBy('id')
      .execute();
    return new Map(
      rows.map((row) => [
        row.id,
        {
          text: row.text,
          answers: new Map(
            parsed<{ text: string; isCorrect: boolean }[]>(row.answers_json, []).map((a, index) => [
              index,
              a,
            ]),
          ),
        },
      ]),
    );
  }

  private closedAttempts(tenantId: number, lessonId: number) {
    return this.deps.db
      .selectFrom('exam_attempts')
      .select(['source', 'draw_json', 'answers_json'])
      .where('tenant_id', '=', tenantId)
      .where('lesson_id', '=', lessonId)
      .where('submitted_at', 'is not', null)
      .orderBy('id')
      .execute();
  }

  /**
   * Students enrolled in the lesson's course or holding its unit who have neither a result nor an
   * attempt at it, by name (Arabic collation, the same on both databases) then id.
   */
  private async notAttempted(
    tenantId: number,
    lesson: { id: number; unit_id: number; course_id: number },
  ): Promise<QuizStatistics['notAttempted']> {
    const rows = await this.deps.db
      .selectFrom('users as s')
      .select(['s.id', 's.name', 's.phone'])
      .where('s.tenant_id', '=', tenantId)
      .where('s.role', '=', 'student')
      .where((eb) =>
        eb.or([
          eb(
            's.id',
            'in',
            eb.selectFrom('enrollments').select('user_id').where('course_id', '=', lesson.course_id),
          ),
          eb(
            's.id',
            'in',
            eb.selectFrom('unit_unlocks').select('user_id').where('unit_id', '=', lesson.unit_id),
          ),
        ]),
      )
      .where('s.id', 'not in', (eb) =>
        eb.selectFrom('quiz_results').select('user_id').where('lesson_id', '=', lesson.id),
      )
      .where('s.id', 'not in', (eb) =>
        eb.selectFrom('exam_attempts').select('user_id').where('lesson_id', '=', lesson.id),
      )
      .execute();
    const byName = new Intl.Collator('ar');
    return rows
      .sort((a, b) => byName.compare(a.name, b.name) || a.id - b.id)
      .map((row) => ({ id: row.id, name: row.name, phoneNumber: row.phone }));
  }

  /**
   * Of the students whose counted result failed the pass mark, with no attempt open: those who may
   * take it no more because none is left or the exam has closed (the domain's `lockout`: an opening
   * moved later gives no attempt back), and those who could start one only thanks to a retake the
   * teacher gave them.
   */
  private async failing(
    tenantId: number,
    settings: LessonExamSettings,
  ): Promise<Pick<QuizStatistics, 'lockedOut' | 'retakePending'>> {
    const rows = await this.deps.db
      .selectFrom('quiz_results as r')
      .innerJoin('users as s', 's.id', 'r.user_id')
      .leftJoin('exam_attempts as a', (join) =>
        join.onRef('a.lesson_id', '=', 'r.lesson_id').onRef('a.user_id', '=', 'r.user_id'),
      )
      .leftJoin('exam_extra_attempts as g', (join) =>
        join.onRef('g.lesson_id', '=', 'r.lesson_id').onRef('g.user_id', '=', 'r.user_id'),
      )
      .select((eb) => [
        's.id',
        's.name',
        's.phone',
        'r.score',
        'r.attempt_id',
        'g.extra',
        eb.fn.max('a.number').as('last_number'),
        sql<number>`cast(sum(case when a.id is not null and a.submitted_at is null then 1 else 0 end) as integer)`.as(
          'open_attempts',
        ),
      ])
      .where('r.tenant_id', '=', tenantId)
      .where('r.lesson_id', '=', settings.lessonId)
      .where('r.passed', '=', 0)
      .groupBy(['s.id', 's.name', 's.phone', 'r.score', 'r.attempt_id', 'g.extra'])
      .execute();
    const now = this.deps.clock.now();
    const byName = new Intl.Collator('ar');
    const byScore = (a: { score: number; name: string; id: number }, b: typeof a) =>
      a.score - b.score || byName.compare(a.name, b.name) || a.id - b.id;
    const lockedOut: QuizStatistics['lockedOut'] = [];
    const retakePending: QuizStatistics['retakePending'] = [];
    for (const row of rows) {
      if (Number(row.open_attempts) > 0) continue;
      // A result without an attempt is the quiz submitted before it became an exam: attempt 1.
      const used = attemptsUsed(row.last_number === null ? [] : [row.last_number], row.attempt_id === null);
      const student = { id: row.id, name: row.name, phoneNumber: row.phone, score: row.score };
      const reason = lockout(now, rulesFor(settings, Number(row.extra ?? 0)), used);
      if (reason) lockedOut.push({ ...student, reason });
      else if (lockout(now, settings, used)) retakePending.push(student);
    }
    return { lockedOut: lockedOut.sort(byScore), retakePending: retakePending.sort(byScore) };
  }
}
