// The administration's services, built once by the composition root (services.ts): each gets only
// what it uses, and every write goes through the one AdminWriter (transaction + audit + cache).
import type { Db, DialectName } from '../../db/connect';
import type { Clock } from '../../lib/clock';
import type { SessionRepository } from '../auth/sessions';
import type { CatalogueCache } from '../catalogue/catalogue-cache';
import type { TenantDirectory } from '../tenants/directory';
import { AdminWriter } from './admin-writer';
import { AuditLog } from './audit-log';
import { BookAdminService } from './book-admin-service';
import { CodeBatchService } from './code-batch-service';
import { CourseAdminService } from './course-admin-service';
import { LessonAdminService } from './lesson-admin-service';
import { QuizResultsService } from './quiz-results-service';
import { SiteAdminService } from './site-admin-service';
import { StudentAdminService } from './student-admin-service';
import { UnitAdminService } from './unit-admin-service';
import { UploadStore } from './upload-store';
import type { VideoFiles } from '../video/video-files';

export function createAdminServices(deps: {
  db: Db;
  dialect: DialectName;
  clock: Clock;
  catalogue: CatalogueCache;
  tenants: TenantDirectory;
  sessions: SessionRepository;
  uploadsDir: string;
  videoFiles: VideoFiles;
}) {
  const { db, dialect, clock } = deps;
  const audit = new AuditLog({ db, clock });
  const writer = new AdminWriter({ db, audit, catalogue: deps.catalogue });
  const uploads = new UploadStore(deps.uploadsDir);
  const { videoFiles } = deps;
  const courses = new CourseAdminService({ db, dialect, clock, writer, uploads, videoFiles });
  return {
    audit,
    uploads,
    /** The one writer: the exam settings and the question bank (services.ts) write through it too. */
    writer,
    courses,
    units: new UnitAdminService({ db, dialect, clock, writer, uploads, courses, videoFiles }),
    lessons: new LessonAdminService({ db, dialect, clock, writer, uploads, videoFiles }),
    codes: new CodeBatchService({ db, clock, writer }),
    students: new StudentAdminService({ db, clock, writer, sessions: deps.sessions }),
    results: new QuizResultsService({ db }),
    site: new SiteAdminService({ db, writer, tenants: deps.tenants }),
    books: new BookAdminService({ db, clock, writer, uploads }),
  };
}

export type AdminServices = ReturnType<typeof createAdminServices>;
