// Graceful shutdown: on SIGTERM the process stops accepting connections at once, answers the requests
// already in flight, closes the database pool (and Redis), and exits 0 by itself, with nothing left
// open. On SQLite, and on PostgreSQL with Redis.
import { request } from 'node:http';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createCaller, newStudent, TENANT } from '../support/test-api';
import { itWith, processEnvironment } from './support/environment';
import { startServer, type LogLine } from './support/processes';

const IN_FLIGHT = 8;

/** Resolves with the connection's fate: refused, or accepted. */
const tryConnect = (port: number) =>
  new Promise<'refused' | 'accepted'>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve('accepted');
    });
    socket.once('error', () => resolve('refused'));
  });

/**
 * A registration whose body is sent in two halves: in flight from its first half until `finish()`, as
 * long as the test wants. Resolves with the status it is answered.
 */
function slowRegistration(port: number, fields: Record<string, string>) {
  const body = Buffer.from(new URLSearchParams(fields).toString());
  const half = Math.floor(body.length / 2);
  const req = request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/Auth/register',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'content-length': body.length,
      'x-tenant-id': TENANT,
    },
  });
  const status = new Promise<number>((resolve) => {
    req.once('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    // A reset counts as no answer (0): the assertion on the status says so.
    req.once('error', () => resolve(0));
  });
  req.write(body.subarray(0, half));
  return { status, finish: () => req.end(body.subarray(half)) };
}

/** Whether connections to `port` come to be refused within `ms` (polled). */
async function refusedWithin(port: number, ms: number): Promise<boolean> {
  const started = Date.now();
  while (Date.now() - started < ms) {
    if ((await tryConnect(port)) === 'refused') return true;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return false;
}

const message = (text: string) => (line: LogLine) =>
  typeof line.msg === 'string' && line.msg.startsWith(text);

async function shutDownUnderRequests(kind: 'sqlite' | 'postgres', redis: boolean) {
  const environment = await processEnvironment(kind, { redis });
  try {
    const server = await startServer(`shutdown-${kind}`, environment.env);
    const call = createCaller(server.url);
    // One registration held in flight by its unfinished body, and more that hash a password each.
    const slowFields = newStudent();
    const slow = slowRegistration(server.port, { ...slowFields });
    const students = Array.from({ length: IN_FLIGHT }, () => newStudent());
    const replies = students.map((fields) =>
      call('POST', '/api/Auth/register', { multipart: { ...fields }, tenant: TENANT }).then(
        (reply) => reply.status,
        () => 0,
      ),
    );
    let arrived = 0;
    await server.waitForLog((line) => line.msg === 'incoming request' && ++arrived === IN_FLIGHT + 1);
    server.signal('SIGTERM');
    await server.waitForLog(message('shutting down'));
    // The listener closes (within moments of the log line) while the slow registration is in flight...
    expect(await refusedWithin(server.port, 5000)).toBe(true);
    // ...and that registration, finished now, is still answered, like the others.
    slow.finish();
    expect(await slow.status).toBe(200);
    expect(await Promise.all(replies)).toEqual(students.map(() => 200));

    const exit = await server.exited;
    expect(exit).toEqual({ code: 0, signal: null });
    expect(server.logs.some(message('shut down: in-flight requests answered'))).toBe(true);
    expect(server.logs.filter(message('still open after shutdown'))).toEqual([]);
    const emails = await environment
      .fixtures()
      .db.selectFrom('users')
      .select('email')
      .where(
        'email',
        'in',
        [slowFields, ...students].map((s) => s.Email),
      )
      .execute();
    expect(emails).toHaveLength(IN_FLIGHT + 1);
  } finally {
    await environment.close();
  }
}

describe('SIGTERM', () => {
  it('stops accepting, answers what is in flight, closes the pool and exits 0, on SQLite', () =>
    shutDownUnderRequests('sqlite', false));

  itWith(['postgres', 'redis'], 'does the same on PostgreSQL with Redis, closing both connections', () =>
    shutDownUnderRequests('postgres', true),
  );
});
