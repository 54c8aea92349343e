// The one way an admin change is written: the change and its audit entry in one transaction, then
// (after the commit) the catalogue cache forgets the course, so students see the edit at once.
import type { Db } from '../../db/connect';
import type { CatalogueCache } from '../catalogue/catalogue-cache';
import type { AdminActor } from './admin-guard';
import type { AuditLog, AuditRecord } from './audit-log';

export type Change<T> = {
  result: T;
  audit: AuditRecord;
  /** The course whose structure, catalogue card or quizzes students read, when the change touched one. */
  course?: { id: number; lessonIds?: readonly number[] };
};

export class AdminWriter {
  constructor(private readonly deps: { db: Db; audit: AuditLog; catalogue: CatalogueCache }) {}

  async run<T>(actor: AdminActor, change: (trx: Db) => Promise<Change<T>>): Promise<T> {
    const { db, audit, catalogue } = this.deps;
    const done = await db.transaction().execute(async (trx) => {
      const made = await change(trx);
      await audit.record(trx, actor, made.audit);
      return made;
    });
    if (done.course) catalogue.invalidateCourse(done.course.id, done.course.lessonIds ?? []);
    return done.result;
  }
}
