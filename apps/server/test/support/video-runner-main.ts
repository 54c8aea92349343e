// The body of video-runner.mjs: the embedded queue on a job process of its own, polling often, with
// the lease the test chose; it logs "video runner ready" with its claim owner, and stops on SIGTERM.
import { loadConfig } from '../../src/config';
import { EmbeddedVideoQueue } from '../../src/modules/video/jobs/embedded-queue';
import { openJobProcess } from '../../src/modules/video/jobs/job-process';

export async function runVideoJobs(leaseMs: number): Promise<void> {
  const jobs = await openJobProcess(loadConfig(), {
    lease: { leaseMs, renewMs: Math.round(leaseMs / 3) },
  });
  const queue = new EmbeddedVideoQueue({
    db: jobs.database.db,
    runner: jobs.runner,
    log: jobs.log,
    pollMs: 300,
    standalone: true,
  });
  queue.start();
  jobs.log.info('video runner ready');
  process.on('SIGTERM', () => {
    void queue
      .close()
      .then(() => jobs.close())
      .then(() => process.exit(0));
  });
}
