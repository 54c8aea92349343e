// A quiz lesson's exam settings (decision 0013), read by every exam call a student makes (content,
// start, save, submit) and changed only by an admin: cached in memory for CATALOGUE_CACHE_MS, as the
// catalogue's structures are (catalogue-cache.ts), and read on a miss with one prepared statement. An
// admin's write forgets the lesson here at once and, through the cache bus, in the other processes;
// without Redis they see it within the TTL. A TTL of 0 turns the cache off.
//
// Entries are kept per tenant scope (lib/scoped-cache.ts), with the lesson's tenant: a read for another
// tenant's lesson answers null, on SQLite as on PostgreSQL (whose row-level security hides the row).
import type { Db } from '../../db/connect';
import { fromJson } from '../../db/json';
import { param, prepare } from '../../db/prepared';
import type { QuizSettingsTable } from '../../db/schema';
import { localCacheBus, type CacheBus } from '../../lib/cache-bus';
import { systemClock, type Clock } from '../../lib/clock';
import { ScopedCache } from '../../lib/scoped-cache';
import type { ExamDrawRule, LessonExamSettings } from './exam-settings';

const INVALIDATE_SETTINGS = 'exams:settings';
/** Entries are per lesson id (unique across tenants): every scope of the lesson is forgotten. */
type SettingsInvalidation = { tenantId: number; lessonId: number };

type SettingsRow = Omit<QuizSettingsTable, 'tenant_id' | 'updated_at'> & { course_id: number };

export class ExamSettingsCache {
  /** By lesson id and tenant scope: the lesson's tenant with its settings, or null. */
  private readonly entries: ScopedCache<{ tenantId: number; settings: LessonExamSettings } | null>;
  private readonly settingsRow;

  constructor(
    db: Db,
    ttlMs: number,
    private readonly bus: CacheBus = localCacheBus(),
    clock: Clock = systemClock,
  ) {
    this.entries = new ScopedCache({ ttlMs, max: 5000, clock });
    bus.subscribe(INVALIDATE_SETTINGS, (payload) => {
      this.entries.forget((payload as SettingsInvalidation).lessonId);
    });
    bus.onResync(() => this.entries.clear());
    this.settingsRow = prepare<{ lessonId: number }, SettingsRow & { tenant_id: number }>(db, (q) =>
      q
        .selectFrom('quiz_settings as s')
        .innerJoin('lessons as l', 'l.id', 's.lesson_id')
        .innerJoin('units as u', 'u.id', 'l.unit_id')
        .select([
          's.lesson_id',
          's.tenant_id',
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
        .where('l.type', '=', 'Quiz'),
    );
  }

  /** The lesson's exam settings, or null for a plain quiz, another tenant's lesson or none at all. */
  async get(tenantId: number, lessonId: number): Promise<LessonExamSettings | null> {
    const entry = await this.entries.get(lessonId, async () => {
      const row = await this.settingsRow.first({ lessonId });
      return row ? { tenantId: row.tenant_id, settings: settingsOf(row) } : null;
    });
    return entry && entry.tenantId === tenantId ? entry.settings : null;
  }

  /** After an admin's change to the lesson's settings (or the lesson), in every process. */
  invalidate(tenantId: number, lessonId: number): void {
    this.entries.forget(lessonId);
    const message: SettingsInvalidation = { tenantId, lessonId };
    this.bus.publish(INVALIDATE_SETTINGS, message);
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
