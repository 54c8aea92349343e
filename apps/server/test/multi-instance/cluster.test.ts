// scripts/cluster.mjs, the documented way to run several API processes on one machine: its workers
// share one port and both serve, and SIGTERM to the primary stops them all gracefully.
import { request } from 'node:http';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { describeWith, processEnvironment } from './support/environment';
import { freePort, ROOT, spawnServer, type LogLine } from './support/processes';

/** A request on a connection of its own, so the primary hands each to the next worker. */
const health = (port: number) =>
  new Promise<number>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/api/health', agent: false }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    req.once('error', reject);
    req.end();
  });

describeWith(['postgres', 'redis'], 'scripts/cluster.mjs', () => {
  it('runs two workers on one port that both serve, and stops them all on SIGTERM', async () => {
    const environment = await processEnvironment('postgres', { redis: true });
    try {
      const port = await freePort();
      const cluster = spawnServer(
        'cluster',
        { ...environment.env, WORKERS: '2', PORT: String(port) },
        join(ROOT, 'scripts/cluster.mjs'),
      );
      const listening = (line: LogLine) =>
        typeof line.msg === 'string' && line.msg.startsWith('Server listening at');
      await cluster.waitForLog(listening);
      await cluster.waitForLog((line) => listening(line) && line.pid !== cluster.logs.find(listening)?.pid);

      const statuses = await Promise.all(Array.from({ length: 12 }, () => health(port)));
      expect(statuses).toEqual(statuses.map(() => 200));
      const servedBy = new Set(
        cluster.logs.filter((line) => line.msg === 'request completed').map((line) => line.pid),
      );
      expect(servedBy.size).toBe(2);

      cluster.signal('SIGTERM');
      expect(await cluster.exited).toEqual({ code: 0, signal: null });
      expect(cluster.logs.filter((line) => line.msg?.startsWith('shut down:'))).toHaveLength(2);
    } finally {
      await environment.close();
    }
  });
});
