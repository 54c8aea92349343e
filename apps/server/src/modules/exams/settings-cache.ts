// A quiz lesson's exam settings (decision 0013), read by every exam call a student makes (content,
// start, save, submit) and changed only by an admin: cached in memory for CATALOGUE_CACHE_MS, as the
// catalogue's structures are (catalogue-cache.ts), and read on a miss with one prepared statement. An
// admin's write forgets the lesson here at once and, through the cache bus, in the other processes;
// without Redis they see it within the TTL. A TTL of 0 turns the cache off.
//
// Entries are kept per tenant and tenant scope: on PostgreSQL, row-level security makes another
// tenant's lesson (or any, outside a scope) read as missing, and that answer must not be served to a
// read that would see the row.
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/connect';
import { fromJson } from '../../db/json';
import { param, prepare } from '../../db/prepared';
import type { QuizSettingsTable } from '../../db/schema';
import { localCacheBus, type CacheBus } from '../../lib/cache-bus';
import { clockTiming, systemClock, type Clock } from '../../lib/clock';
import { currentTenantId } from '../../lib/tenant-context';
import type { ExamDrawRule, LessonExamSettings } from './exam-settings';

const INVALIDATE_SETTINGS = 'exams:settings';
/** Entries are per lesson id (unique across tenants): every scope of the lesson is forgotten. */
type SettingsInvalidation = { tenantId: number; lessonId: number };

type SettingsRow = Omit<QuizSettingsTable, 'tenant_id' | 'updated_at'> & { course_id: number };

/** By `${tenantId}:${scope}`: usually one entry per lesson. */
type PerScope = Map<string, LessonExamSettings | null>;

export class ExamSettingsCache {
  private readonly entries: LRUCache<number, PerScope> | null;
  /** Counts invalidations, so a read that started before one does not cache what it read. */
  private generation = 0;
  /** Loads under way: requests that miss together wait for one load. */
  private readonly loading = new Map<string, Promise<LessonExamSettings | null>>();
  private readonly settingsRow;

  constructor(
    db: Db,
    ttlMs: number,
    private readonly bus: CacheBus = localCacheBus(),
    clock: Clock = systemClock,
  ) {
    this.entries = ttlMs > 0 ? new LRUCache({ max: 5000, ttl: ttlMs, ...clockTiming(clock) }) : null;
    bus.subscribe(INVALIDATE_SETTINGS, (payload) => {
      this.forget((payload as SettingsInvalidation).lessonId);
    });
    bus.onResync(() => {
      this.generation += 1;
      this.entries?.clear();
    });
    this.settingsRow = prepare<{ tenantId: number; lessonId: number }, SettingsRow>(db, (q) =>
      q
        .selectFrom('quiz_settings as s')
        .innerJoin('lessons as l', 'l.id', 's.lesson_id')
        .innerJoin('units as u', 'u.id', 'l.unit_id')
        .select([
          's.lesson_id',
          'u.course_id',
          's.source',
          's.draw_json',
          's.time_limit_minutes',
          's.pass_mark',
          's.attempts_allowed',
          's.counts',
          's.review',
          's.show_explanations',
          's.opens_at',
          's.closes_at',
        ])
        .where('s.lesson_id', '=', param<number>('lessonId'))
        .where('s.tenant_id', '=', param<number>('tenantId'))
        .where('l.type', '=', 'Quiz'),
    );
  }

  /** The lesson's exam settings, or null for a plain quiz, another tenant's lesson or none at all. */
  async get(tenantId: number, lessonId: number): Promise<LessonExamSettings | null> {
    const scope = `${tenantId}:${currentTenantId() ?? 0}`;
    const load = () => this.load(tenantId, lessonId);
    const { entries } = this;
    if (!entries) return load();
    const perScope = entries.get(lessonId);
    if (perScope?.has(scope)) return perScope.get(scope)!;
    const generation = this.generation;
    const key = `${lessonId}:${scope}:${generation}`;
    const under = this.loading.get(key);
    if (under) return under;
    const loaded = load().then((value) => {
      if (generation === this.generation) {
        // A new map only when there is none: adding a scope does not extend the entry's TTL.
        const current = entries.get(lessonId);
        if (current) current.set(scope, value);
        else entries.set(lessonId, new Map([[scope, value]]));
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

  /** After an admin's change to the lesson's settings (or the lesson), in every process. */
  invalidate(tenantId: number, lessonId: number): void {
    this.forget(lessonId);
    const message: SettingsInvalidation = { tenantId, lessonId };
    this.bus.publish(INVALIDATE_SETTINGS, message);
  }

  private forget(lessonId: number): void {
    this.generation += 1;
    this.entries?.delete(lessonId);
  }

  private async load(tenantId: number, lessonId: number): Promise<LessonExamSettings | null> {
    const row = await this.settingsRow.first({ tenantId, lessonId });
    return row ? settingsOf(row) : null;
  }
}

/** A stored quiz_settings row as the services use it. */
export function settingsOf(row: SettingsRow): LessonExamSettings {
  return {
    lessonId: row.lesson_id,
    courseId: row.course_id,
    source: row.source,
    draw: (fromJson<ExamDrawRule[]>(row.draw_json) ?? []).map((rule) => ({
      topic: rule.topic ?? null,
      difficulty: rule.difficulty ?? null,
      count: rule.count,
    })),
    timeLimitMinutes: row.time_limit_minutes,
    passMark: row.pass_mark,
    attemptsAllowed: row.attempts_allowed,
    counts: row.counts,
    review: row.review,
    showExplanations: row.show_explanations === 1,
    opensAt: row.opens_at ? new Date(row.opens_at) : null,
    closesAt: row.closes_at ? new Date(row.closes_at) : null,
  };
}
