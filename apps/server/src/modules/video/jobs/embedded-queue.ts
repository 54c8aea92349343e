// The queue without Redis (decision 0012): this process runs one job at a time from the videos table.
// Every poll (and at once after an enqueue) it visits the tenants in turn, each in its own scope
// (row-level security), starting after the one served last, and claims that tenant's oldest
// claimable row; a row whose runner died is claimable again once its lease has run out. While no
// tenant has an unfinished video the polling rests (no queries at all) until the next enqueue.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/connect';
import { runAsTenant } from '../../../lib/tenant-context';
import type { ClaimedVideo, VideoJobRunner } from './video-job-runner';
import type { VideoQueue } from './video-queue';

export class EmbeddedVideoQueue implements VideoQueue {
  readonly kind = 'embedded';
  private timer: NodeJS.Timeout | null = null;
  private working: Promise<void> | null = null;
  private again = false;
  private closed = false;
  /** No unfinished video anywhere at the last look: polls are skipped until an enqueue. */
  private idle = false;
  /** The tenant served last: the next round starts after it. */
  private lastTenant = 0;

  constructor(
    private readonly deps: {
      db: Db;
      runner: VideoJobRunner;
      log: FastifyBaseLogger;
      pollMs?: number;
      /**
       * A process that only runs jobs (npm run worker without Redis): it polls without rest, since
       * others enqueue, and its timer keeps the process alive.
       */
      standalone?: boolean;
    },
  ) {}

  start(): void {
    const standalone = this.deps.standalone === true;
    this.timer = setInterval(() => (this.idle && !standalone) || this.wake(), this.deps.pollMs ?? 2000);
    // In the API its server keeps the process alive.
    if (!standalone) this.timer.unref();
    this.wake();
  }

  enqueue(): Promise<void> {
    this.idle = false;
    this.wake();
    return Promise.resolve();
  }

  cancelled(videoId: number): void {
    this.deps.runner.cancelLocal(videoId);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.deps.runner.stopAll();
    await this.working;
  }

  private wake(): void {
    if (this.closed) return;
    if (this.working) {
      this.again = true;
      return;
    }
    this.working = this.drain()
      .catch((error: unknown) => this.deps.log.error({ err: error }, 'video queue poll failed'))
      .finally(() => {
        this.working = null;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  /** Runs jobs one after another until no tenant has one to claim. */
  private async drain(): Promise<void> {
    const ids = await this.tenantIds();
    for (let video = await this.claim(ids); video && !this.closed; video = await this.claim(ids)) {
      await this.deps.runner.run(video);
    }
    // Rows still queued or running elsewhere (another process, or a lease yet to run out) keep the
    // polling going; none at all lets it rest.
    let unfinished = false;
    for (const tenantId of ids) {
      if (await runAsTenant(tenantId, () => this.deps.runner.hasUnfinished(tenantId))) unfinished = true;
      if (unfinished) break;
    }
    this.idle = !unfinished && !this.again;
  }

  private async tenantIds(): Promise<number[]> {
    const tenants = await this.deps.db.selectFrom('tenants').select('id').orderBy('id').execute();
    return tenants.map((tenant) => tenant.id);
  }

  private async claim(ids: number[]): Promise<ClaimedVideo | null> {
    const start = ids.findIndex((id) => id > this.lastTenant);
    const order = start < 0 ? ids : [...ids.slice(start), ...ids.slice(0, start)];
    for (const tenantId of order) {
      if (this.closed) return null;
      const video = await runAsTenant(tenantId, () => this.deps.runner.claimNext(tenantId));
      if (video) {
        this.lastTenant = tenantId;
        return video;
      }
    }
    return null;
  }
}
