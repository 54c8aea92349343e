// What every student reads and only an admin changes: a course's structure (units and lessons), the
// public catalogue pages and quiz answer keys. Cached in memory for CATALOGUE_CACHE_MS (default 30 s);
// an edit invalidates this process's entries at once and, through the cache bus (Redis pub/sub when
// configured), the other processes' too; without Redis they see it within the TTL. A TTL of 0 turns the
// cache off (the API tests run that way, and test the cache itself separately).
//
// Entries are kept per tenant scope as well as per id: on PostgreSQL, row-level security makes a
// course or quiz of another tenant read as missing, and that answer must not be served to the tenant
// that owns it.
import type { CoursePage } from '@app/contract';
import { LRUCache } from 'lru-cache';
import { clockTiming, systemClock, type Clock } from '../../lib/clock';
import type { Db } from '../../db/connect';
import { param, prepare } from '../../db/prepared';
import { localCacheBus, type CacheBus } from '../../lib/cache-bus';
import { currentTenantId } from '../../lib/tenant-context';

export type LessonEntry = { id: number; name: string; type: 'Video' | 'Quiz'; titel: string | null };
export type UnitEntry = { id: number; name: string; title: string; lessons: LessonEntry[] };
export type CourseStructure = {
  id: number;
  tenantId: number;
  name: string;
  subject: string | null;
  active: boolean;
  openToAll: boolean;
  units: UnitEntry[];
};
export type QuizKey = {
  id: number;
  text: string;
  answers: { id: number; text: string; isCorrect: boolean }[];
}[];

/** Per id, the value as each tenant scope read it (0: no scope). Usually one entry. */
type PerScope<T> = Map<number, T>;

const INVALIDATE_COURSE = 'catalogue:course';
type CourseInvalidation = { courseId: number; lessonIds: number[] };

export class CatalogueCache {
  private readonly structures: LRUCache<number, PerScope<CourseStructure | null>> | null;
  private readonly pages: LRUCache<string, CoursePage> | null;
  private readonly quizzes: LRUCache<number, PerScope<QuizKey>> | null;
  /** Counts invalidations, so a read that started before one does not cache what it read. */
  private generation = 0;
  /**
   * Loads under way, by cache, id and tenant scope: requests that miss together (a grade opening
   * the weekly quiz the moment its structure's TTL ran out) wait for one load instead of each
   * running their own.
   */
  private readonly loading = new Map<string, Promise<unknown>>();
  /** Changes with every invalidation, this process's or another's: anything built from catalogue
   * reads under an older version (a server-rendered page) is stale. */
  get version(): number {
    return this.generation;
  }
  private readonly courseRow;
  private readonly unitLessonRows;
  private readonly quizRows;

  constructor(
    private readonly db: Db,
    ttlMs: number,
    private readonly bus: CacheBus = localCacheBus(),
    clock: Clock = systemClock,
  ) {
    const enabled = ttlMs > 0;
    // Lifetimes count on our clock, so a test moves time instead of sleeping.
    const timing = { ttl: ttlMs, ...clockTiming(clock) };
    this.structures = enabled ? new LRUCache({ max: 2000, ...timing }) : null;
    this.pages = enabled ? new LRUCache({ max: 2000, ...timing }) : null;
    this.quizzes = enabled ? new LRUCache({ max: 5000, ...timing }) : null;
    bus.subscribe(INVALIDATE_COURSE, (payload) => {
      const { courseId, lessonIds } = payload as CourseInvalidation;
      this.forgetCourse(courseId, lessonIds);
    });
    bus.onResync(() => {
      this.generation += 1;
      this.structures?.clear();
      this.pages?.clear();
      this.quizzes?.clear();
    });
    this.courseRow = prepare<
      { courseId: number },
      {
        id: number;
        tenant_id: number;
        name: string;
        subject: string | null;
        active: number;
        open_to_all: number;
      }
    >(db, (q) =>
      q
        .selectFrom('courses')
        .select(['id', 'tenant_id', 'name', 'subject', 'active', 'open_to_all'])
        .where('id', '=', param<number>('courseId')),
    );
    this.unitLessonRows = prepare<
      { courseId: number },
      {
        unit_id: number;
        unit_name: string;
        unit_title: string;
        id: number | null;
        name: string | null;
        type: 'Video' | 'Quiz' | null;
        titel: string | null;
      }
    >(db, (q) =>
      q
        .selectFrom('units as u')
        .leftJoin('lessons as l', 'l.unit_id', 'u.id')
        .select([
          'u.id as unit_id',
          'u.name as unit_name',
          'u.title as unit_title',
          'l.id',
          'l.name',
          'l.type',
          'l.titel',
        ])
        .where('u.course_id', '=', param<number>('courseId'))
        .orderBy('u.position')
        .orderBy('u.id')
        .orderBy('l.position')
        .orderBy('l.id'),
    );
    this.quizRows = prepare<
      { lessonId: number },
      {
        questionId: number;
        questionText: string;
        answerId: number | null;
        answerText: string | null;
        is_correct: number | null;
      }
    >(db, (q) =>
      q
        .selectFrom('quiz_questions as q')
        .leftJoin('quiz_answers as a', 'a.question_id', 'q.id')
        .select([
          'q.id as questionId',
          'q.text as questionText',
          'a.id as answerId',
          'a.text as answerText',
          'a.is_correct',
        ])
        .where('q.lesson_id', '=', param<number>('lessonId'))
        .orderBy('q.position')
        .orderBy('q.id')
        .orderBy('a.position')
        .orderBy('a.id'),
    );
  }

  /** The course of this tenant with its units and lessons in order, or null. */
  async structure(tenantId: number, courseId: number): Promise<CourseStructure | null> {
    const value = await this.cached('structure', this.structures, courseId, () =>
      this.loadStructure(courseId),
    );
    return value && value.tenantId === tenantId ? value : null;
  }

  /** A public catalogue page; `load` runs on a miss. */
  async page(
    key: { tenantId: number; grade: string; page: number; size: number },
    load: () => Promise<CoursePage>,
  ) {
    const cacheKey = `${key.tenantId}:${key.grade}:${key.page}:${key.size}`;
    const cached = this.pages?.get(cacheKey);
    if (cached) return cached;
    const value = await load();
    this.pages?.set(cacheKey, value);
    return value;
  }

  /** A quiz's questions with their answers' correctness: server-side only. */
  async quiz(lessonId: number): Promise<QuizKey> {
    return this.cached('quiz', this.quizzes, lessonId, () => this.loadQuiz(lessonId));
  }

  /** After an admin edit of a course (its units, lessons, quizzes or card), in every process. */
  invalidateCourse(courseId: number, lessonIds: readonly number[] = []): void {
    this.forgetCourse(courseId, lessonIds);
    const message: CourseInvalidation = { courseId, lessonIds: [...lessonIds] };
    this.bus.publish(INVALIDATE_COURSE, message);
  }

  private forgetCourse(courseId: number, lessonIds: readonly number[]): void {
    this.generation += 1;
    this.structures?.delete(courseId);
    for (const id of lessonIds) this.quizzes?.delete(id);
    this.pages?.clear();
  }

  /** The value of `id` as the current tenant scope reads it, loaded on a miss. */
  private async cached<T>(
    kind: 'structure' | 'quiz',
    cache: LRUCache<number, PerScope<T>> | null,
    id: number,
    load: () => Promise<T>,
  ): Promise<T> {
    const scope = currentTenantId() ?? 0;
    const perScope = cache?.get(id);
    if (perScope?.has(scope)) return perScope.get(scope) as T;
    if (!cache) return load();
    const generation = this.generation;
    const key = `${kind}:${id}:${scope}:${generation}`;
    const under = this.loading.get(key) as Promise<T> | undefined;
    if (under) return under;
    const loaded = load().then((value) => {
      if (generation === this.generation) {
        // A new map only when there is none: adding a scope does not extend the entry's TTL.
        const current = cache.get(id);
        if (current) current.set(scope, value);
        else cache.set(id, new Map([[scope, value]]));
      }
      return value;
    });
    this.loading.set(key, loaded);
    // Forgotten once settled, failed loads too: the next miss tries again.
    void loaded.then(
      () => this.loading.delete(key),
      () => this.loading.delete(key),
    );
    return loaded;
  }

  private async loadQuiz(lessonId: number): Promise<QuizKey> {
    const questions = new Map<number, QuizKey[number]>();
    for (const row of await this.quizRows.all({ lessonId })) {
      let question = questions.get(row.questionId);
      if (!question) {
        question = { id: row.questionId, text: row.questionText, answers: [] };
        questions.set(row.questionId, question);
      }
      if (row.answerId !== null)
        question.answers.push({
          id: row.answerId,
          text: row.answerText ?? '',
          isCorrect: row.is_correct === 1,
        });
    }
    return [...questions.values()];
  }

  private async loadStructure(courseId: number): Promise<CourseStructure | null> {
    const [course, rows] = await Promise.all([
      this.courseRow.first({ courseId }),
      this.unitLessonRows.all({ courseId }),
    ]);
    if (!course) return null;
    const units: UnitEntry[] = [];
    for (const row of rows) {
      let unit = units.at(-1);
      if (!unit || unit.id !== row.unit_id) {
        unit = { id: row.unit_id, name: row.unit_name, title: row.unit_title, lessons: [] };
        units.push(unit);
      }
      if (row.id !== null && row.name !== null && row.type !== null) {
        unit.lessons.push({ id: row.id, name: row.name, type: row.type, titel: row.titel });
      }
    }
    return {
      id: course.id,
      tenantId: course.tenant_id,
      name: course.name,
      subject: course.subject,
      active: course.active === 1,
      openToAll: course.open_to_all === 1,
      units,
    };
  }
}
