// New connections while the event loop is busy (lib/listen.ts, decision 0014). libuv accepts one
// connection per listening descriptor each time round the loop, so a loop kept busy by the connections
// it already has made each newcomer wait for turns of it: on exam night, a phone's first request
// waited 1 to 3 s in the kernel's accept queue while connected phones were answered in milliseconds.
// With ACCEPTS_PER_TURN descriptors of the socket a burst of newcomers is taken in one turn; and the
// connections those descriptors took are still waited for by a graceful close.
import http from 'node:http';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, startServer } from './support/processes';

const BUSY_SERVER = join(ROOT, 'apps/server/test/multi-instance/support/busy-server.ts');
/** Phones already connected, each asking again as soon as it is answered: every turn serves them all. */
const KEPT = 8;
const BUSY_MS = 20;
const NEWCOMERS = 24;

async function startBusyServer(env: Record<string, string>) {
  const server = await startServer('busy', { BUSY_MS: String(BUSY_MS), ...env }, BUSY_SERVER);
  await server.waitForLog((line) => line.msg === 'every descriptor listening');
  return server;
}

type Answer = { status: number; ms: number };

const get = (port: number, path: string, agent: http.Agent) =>
  new Promise<Answer>((resolve) => {
    const started = performance.now();
    const request = http.get({ host: '127.0.0.1', port, path, agent }, (response) => {
      response.resume();
      response.once('end', () =>
        resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }),
      );
    });
    // A reset or refusal is no answer (0): the assertions on the status say so.
    request.once('error', () => resolve({ status: 0, ms: performance.now() - started }));
  });

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe('accepting connections while the event loop is busy', () => {
  it('takes a burst of new connections within a few turns, not one per turn', async () => {
    const server = await startBusyServer({ ACCEPTS_PER_TURN: '64' });
    const kept = new http.Agent({ keepAlive: true, maxSockets: KEPT });
    try {
      let running = true;
      const turns: number[] = [];
      const phones = Array.from({ length: KEPT }, async () => {
        while (running) turns.push((await get(server.port, '/busy', kept)).ms);
      });
      await new Promise((resolve) => setTimeout(resolve, 600));
      // Each newcomer on a connection of its own, all at once.
      const newcomers = await Promise.all(
        Array.from({ length: NEWCOMERS }, () =>
          get(server.port, '/quick', new http.Agent({ keepAlive: false })),
        ),
      );
      running = false;
      await Promise.all(phones);

      expect(newcomers.map((answer) => answer.status)).toEqual(Array(NEWCOMERS).fill(200));
      const turn = median(turns);
      const slowest = Math.max(...newcomers.map((answer) => answer.ms));
      // One descriptor: the last of 24 newcomers waits about 24 turns. Each of 64: about two.
      expect(
        slowest,
        `slowest newcomer ${Math.round(slowest)} ms, a turn ${Math.round(turn)} ms`,
      ).toBeLessThan(6 * turn);
    } finally {
      kept.destroy();
      await server.stop();
    }
  });

  it('waits on close for the requests in flight on every descriptor', async () => {
    const server = await startBusyServer({ ACCEPTS_PER_TURN: '64', SLOW_MS: '400' });
    // Sixteen connections: each of the 64 descriptors is as likely to take one, so nearly all are
    // taken by a copy, not by the Fastify server's own descriptor (whose close waited for them before).
    const answers = Array.from({ length: 16 }, () =>
      get(server.port, '/slow', new http.Agent({ keepAlive: true })),
    );
    await new Promise((resolve) => setTimeout(resolve, 150));
    const exit = await server.stop();
    expect((await Promise.all(answers)).map((answer) => answer.status)).toEqual(Array(16).fill(200));
    expect(exit).toEqual({ code: 0, signal: null });
  });
});
