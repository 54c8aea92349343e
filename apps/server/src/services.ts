// The composition root: every repository and service is built here, once, and each service is
// given only what it uses.
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from './config';
import { connectDatabase, type DbHandle, type QueryObserver } from './db/connect';
import { systemClock, type Clock } from './lib/clock';
import { localCacheBus, redisCacheBus } from './lib/cache-bus';
import { createLimits, type LimitOverrides, type Limits } from './lib/limits';
import { createJwt } from './lib/jwt';
import { hmacHex } from './lib/secrets';
import { Mailer } from './mail/mailer';
import { AuthService } from './modules/auth/auth-service';
import { PasswordResetService } from './modules/auth/password-reset-service';
import { LoginDevices } from './modules/auth/login-devices';
import { OwnDevicesService } from './modules/auth/own-devices';
import { SessionCache } from './modules/auth/session-cache';
import { SessionRepository } from './modules/auth/sessions';
import { UserRepository } from './modules/auth/users';
import { ProfileService } from './modules/profile/profile-service';
import { CatalogueCache } from './modules/catalogue/catalogue-cache';
import { CatalogueService } from './modules/catalogue/catalogue-service';
import { ExamSettingsCache } from './modules/exams/settings-cache';
import { ExamAttemptService } from './modules/exams/attempt-service';
import { AttemptSweeper } from './modules/exams/attempt-sweeper';
import { tenantsWithExamWork } from './modules/exams/sweep-due';
import { ExamRehearsals } from './modules/exams/exam-rehearsal';
import { BankCache } from './modules/exams/bank-cache';
import { CountedResults } from './modules/exams/counted-result';
import { ExamQuestions } from './modules/exams/exam-content';
import { QuizSettingsService } from './modules/exams/quiz-settings-service';
import { QuizStatisticsService } from './modules/exams/quiz-statistics-service';
import { RetakeService } from './modules/exams/retake-service';
import { BookService } from './modules/books/book-service';
import { StudentProgress } from './modules/learning/student-progress';
import { AttachmentLinks } from './modules/learning/attachment-links';
import { EnrolmentService } from './modules/learning/enrolment-service';
import { LessonAccess } from './modules/learning/lesson-access';
import { ProgressService } from './modules/learning/progress-service';
import { QuizPresentation } from './modules/learning/quiz-presentation';
import { QuizService } from './modules/learning/quiz-service';
import { TenantDirectory } from './modules/tenants/directory';
import { UnitCodeService } from './modules/unit-codes/unit-code-service';
import { createAdminServices } from './modules/admin/admin-services';
import { BankService } from './modules/question-bank/bank-service';
import { foldDraws } from './modules/question-bank/draw-tally';
import { createVideoServices, type VideoOverrides } from './modules/video/video-services';
import { LessonVideo } from './modules/video/playback/lesson-video';
import { MediaLinks } from './modules/video/playback/media-links';
import { PlaybackService } from './modules/video/playback/playback-service';
import { localVideoStorage } from './modules/video/storage';

export type ServiceOverrides = {
  clock?: Clock;
  limits?: LimitOverrides;
  onQuery?: QueryObserver;
  video?: VideoOverrides;
};

export type Services = ReturnType<typeof createServices>;

export function createServices(config: Config, log: FastifyBaseLogger, overrides: ServiceOverrides = {}) {
  const clock = overrides.clock ?? systemClock;
  const database: DbHandle = connectDatabase(config.database, overrides.onQuery);
  const db = database.db;
  const redis = config.redisUrl ? connectRedis(config.redisUrl, config.redisPrefix, log) : null;
  const limits: Limits = createLimits(
    redis,
    { ...config.limits, ...overrides.limits },
    config.trustedNetworkFactor,
  );
  const cacheBus = redis ? redisCacheBus(redis, config.redisPrefix) : localCacheBus();
  const mailer = new Mailer({ db, clock, log, smtpUrl: config.smtpUrl, from: config.mailFrom });
  const tenants = new TenantDirectory(db, cacheBus);
  const users = new UserRepository(db);
  const sessions = new SessionRepository(db, new SessionCache(config.sessionCacheMs, cacheBus, clock));
  const jwt = createJwt(config.jwtSecret);
  const codeKey = Buffer.from(hmacHex(config.jwtSecret, 'one-time-codes'), 'hex');
  const catalogueCache = new CatalogueCache(db, config.catalogueCacheMs, cacheBus, clock);
  // A quiz's exam settings (decision 0013), cached as long as the catalogue.
  const examSettings = new ExamSettingsCache(db, config.catalogueCacheMs, cacheBus, clock);
  const studentProgress = new StudentProgress(database.dialect);
  const access = new LessonAccess({ db, clock, catalogue: catalogueCache, progress: studentProgress });
  const attachments = new AttachmentLinks({ jwt, clock });
  // Signed media links (decision 0012, Playback): a key of their own for "media-links".
  const mediaLinks = new MediaLinks({
    key: Buffer.from(hmacHex(config.jwtSecret, 'media-links'), 'hex'),
    clock,
    linkHours: config.video.linkHours,
  });
  const videoStorage = localVideoStorage(config.dataDir);
  const video = createVideoServices(
    { config, db, dialect: database.dialect, clock, catalogue: catalogueCache, log, storage: videoStorage },
    overrides.video,
  );
  // Each student's quiz order and answer ids come from this key (issue 16); a key of its own, so that
  // nothing else signed or hashed with the server's secret can stand in for it.
  const presentation = new QuizPresentation(
    Buffer.from(hmacHex(config.jwtSecret, 'quiz-presentation'), 'hex'),
  );
  // Exams (decision 0013): a course's bank cached as the catalogue is, the attempts, and the sweeper
  // that closes what a deadline ends (started with the app, app.ts).
  const bankCache = new BankCache(db, database.dialect, config.catalogueCacheMs, cacheBus, clock);
  const examAttempts = new ExamAttemptService({
    db,
    dialect: database.dialect,
    clock,
    access,
    settings: examSettings,
    catalogue: catalogueCache,
    bank: bankCache,
    questions: new ExamQuestions({ catalogue: catalogueCache, bank: bankCache }),
    counted: new CountedResults(db),
  });
  const examSweeper = new AttemptSweeper({
    db,
    clock,
    attempts: examAttempts,
    dueTenants: (now) => tenantsWithExamWork(db, database.dialect, now),
    foldDraws: (tenantId) => foldDraws(db, database.dialect, tenantId),
    log,
    intervalMs: config.examSweepMs,
  });
  const quizzes = new QuizService({
    db,
    clock,
    access,
    catalogue: catalogueCache,
    presentation,
    exams: examAttempts,
  });
  const progress = new ProgressService({
    db,
    clock,
    access,
    quizzes,
    attachments,
    video: new LessonVideo(mediaLinks),
    catalogue: catalogueCache,
    progress: studentProgress,
  });
  // Each process rehearses an announced exam opening before it comes (decision 0015, started with the app).
  const examRehearsals = new ExamRehearsals({
    db,
    clock,
    progress,
    attempts: examAttempts,
    log,
    runs: config.examRehearsal.runs,
    leadMs: config.examRehearsal.leadMs,
    intervalMs: config.examRehearsal.checkMs,
  });
  const uploadsDir = join(config.dataDir, 'uploads');
  const auth = new AuthService({
    users,
    sessions,
    loginDevices: new LoginDevices(db),
    limits,
    mailer,
    clock,
    jwt,
    refreshKey: Buffer.from(hmacHex(config.jwtSecret, 'refresh-successor'), 'hex'),
    publicUrl: config.publicUrl ?? `http://localhost:${config.port}`,
  });
  // The admin's services, whose one AdminWriter the exam settings and the question bank write through.
  const admin = createAdminServices({
    db,
    dialect: database.dialect,
    clock,
    catalogue: catalogueCache,
    tenants,
    sessions,
    uploadsDir,
    videoFiles: video.files,
  });

  return {
    config,
    clock,
    database,
    redis,
    limits,
    jwt,
    mailer,
    tenants,
    users,
    sessions,
    auth,
    ownDevices: new OwnDevicesService({
      auth,
      sessions,
      db,
      clock,
      idKey: Buffer.from(hmacHex(config.jwtSecret, 'own-device-ids'), 'hex'),
    }),
    passwordReset: new PasswordResetService({ db, users, sessions, limits, mailer, clock, codeKey }),
    profile: new ProfileService({ users, sessions, clock }),
    catalogueCache,
    examSettings,
    bankCache,
    examAttempts,
    examSweeper,
    examRehearsals,
    quizSettings: new QuizSettingsService({
      db,
      dialect: database.dialect,
      clock,
      writer: admin.writer,
      settings: examSettings,
    }),
    quizStatistics: new QuizStatisticsService({ db, settings: examSettings, clock }),
    retakes: new RetakeService({ db, writer: admin.writer, settings: examSettings, clock }),
    catalogue: new CatalogueService(db, catalogueCache),
    books: new BookService(db),
    access,
    attachments,
    quizzes,
    enrolment: new EnrolmentService({
      db,
      dialect: database.dialect,
      clock,
      limits,
      catalogue: catalogueCache,
    }),
    progress,
    unitCodes: new UnitCodeService({
      db,
      dialect: database.dialect,
      clock,
      limits,
      catalogue: catalogueCache,
      progress: studentProgress,
    }),
    uploadsDir,
    videoStorage,
    playback: new PlaybackService({ db, clock, links: mediaLinks, tenants, sessions, access }),
    admin,
    questionBank: new BankService({
      db,
      dialect: database.dialect,
      clock,
      writer: admin.writer,
      uploads: admin.uploads,
      // The exam bank cache forgets the course in every process (modules/exams/bank-cache.ts).
      onChange: (tenantId: number, courseId: number) => bankCache.invalidate(tenantId, courseId),
    }),
    video,
    async close() {
      await examSweeper.close();
      await examRehearsals.close();
      await video.close();
      await mailer.idle();
      mailer.close();
      await cacheBus.close();
      redis?.disconnect();
      await database.close();
    },
  };
}

export function connectRedis(url: string, prefix: string, log: FastifyBaseLogger): Redis {
  // No offline queue: when Redis is down, limiter calls fail fast and fall back to memory.
  const redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, keyPrefix: prefix });
  let reported = false;
  redis.on('error', (error) => {
    if (!reported)
      log.warn(
        { err: error },
        'Redis unreachable: rate limits fall back to this process, caches to their TTL',
      );
    reported = true;
  });
  redis.on('ready', () => {
    if (reported) log.info('Redis reachable again');
    reported = false;
  });
  return redis;
}
