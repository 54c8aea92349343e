// Sheds load instead of queueing it. On exam night thousands of students open the quiz in the same
// minute; a process that accepts everything answers all of them late (p50 24 s, RSS ×3) and works on
// requests whose students already gave up. So beyond capacity an API request is refused at once with
// 503, Retry-After and the envelope, and the client comes back later:
// - more than `maxInFlight` API requests being worked on at once (a counter, body reading to answer);
// - a mean event-loop delay over `maxEventLoopDelayMs` (@fastify/under-pressure measures it);
// - an event loop busy beyond `maxEventLoopUtilization`: then a share of new work is refused at random,
//   growing while it stays so (lib/utilization-gate.ts).
// Work in progress (a route declared with `config: { continuesWork: true }`: an exam attempt's saves
// and its submission) is refused by neither of the last two: losing those costs a student more than
// waiting to start. Only the in-flight cap, the bound on memory, applies to it.
// The health probe, pages, built assets and media are never shed: they are cheap, and a balancer must
// keep seeing a busy process as alive. A request whose client has disconnected while it waited is
// dropped before its handler (and its queries) run: nobody would read the answer.
import { performance } from 'node:perf_hooks';
import underPressure, { TYPE_EVENT_LOOP_DELAY } from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { overloaded } from '../lib/app-error';
import { UtilizationGate } from '../lib/utilization-gate';
import { isStaticRead } from './security';

/** How often the event-loop delay is sampled: each sample is the mean delay since the last. */
const SAMPLE_INTERVAL_MS = 1000;

export const DROPPED_MESSAGE = 'client went away before its handler ran: request dropped';

/** What the plugin has done since start: for the bench and the tests, and a metrics route later. */
export type SheddingCounts = {
  /** API requests being worked on now. */
  readonly inFlight: number;
  /** Requests answered 503 because the process was over capacity. */
  readonly shed: number;
  /** Requests dropped unanswered because their client had gone. */
  readonly dropped: number;
};

declare module 'fastify' {
  interface FastifyInstance {
    shedding: SheddingCounts;
  }
  interface FastifyContextConfig {
    /** The request continues work already admitted (an exam attempt under way): only the in-flight cap
     * refuses it. */
    continuesWork?: boolean;
  }
}

export type LoadSheddingOptions = Config['overload'] & {
  /** For tests; Math.random otherwise. */
  random?: () => number;
};

/** How often the utilization gate samples the loop: a saturation is answered within a few of these. */
const UTILIZATION_SAMPLE_MS = 100;

const continuesWork = (request: FastifyRequest) => request.routeOptions.config.continuesWork === true;

/** The requests that are never shed: the health probe and every page, asset and media read. */
export function isNeverShed(request: FastifyRequest): boolean {
  return request.routeOptions.url === '/api/health' || isStaticRead(request.method, request.url);
}

/** True once the client's connection is closed: no answer can reach it any more. */
export function clientHasGone(request: FastifyRequest): boolean {
  const socket = request.raw.socket as FastifyRequest['raw']['socket'] | null;
  return !socket || socket.destroyed;
}

/**
 * The wait a shed request is told: between the configured seconds and twice that, at random, so the
 * students refused in the same second do not all come back in the same second.
 */
export function retryAfterSeconds(base: number, random: () => number = Math.random): number {
  return base + Math.floor(random() * (base + 1));
}

export const loadShedding = fp(async (app: FastifyInstance, options: LoadSheddingOptions) => {
  const random = options.random ?? Math.random;
  const counts = { inFlight: 0, shed: 0, dropped: 0 };
  app.decorate('shedding', {
    get inFlight() {
      return counts.inFlight;
    },
    get shed() {
      return counts.shed;
    },
    get dropped() {
      return counts.dropped;
    },
  });
  const refusal = () => {
    counts.shed += 1;
    return overloaded(retryAfterSeconds(options.retryAfterSeconds, random));
  };

  // Stops a request whose client is gone, without an answer (there is nobody to answer) and without
  // an error: the hooks and the handler after this one never run.
  const dropIfGone = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    if (!clientHasGone(request)) return done();
    counts.dropped += 1;
    request.log.info({ url: request.url }, DROPPED_MESSAGE);
    void reply.hijack();
    reply.raw.destroy();
  };

  const gate = new UtilizationGate({ maxUtilization: options.maxEventLoopUtilization });
  if (gate.enabled) {
    // From the app's readiness: start-up (compiling every route's schemas) saturates the loop by itself.
    let sampler: NodeJS.Timeout | null = null;
    app.addHook('onReady', async () => {
      let last = performance.eventLoopUtilization();
      sampler = setInterval(() => {
        const now = performance.eventLoopUtilization();
        gate.sample(performance.eventLoopUtilization(now, last).utilization);
        last = now;
      }, UTILIZATION_SAMPLE_MS);
      sampler.unref();
    });
    app.addHook('onClose', async () => {
      if (sampler) clearInterval(sampler);
    });
  }

  app.addHook('onRequest', (request, reply, done) => {
    if (isNeverShed(request)) return done();
    if (clientHasGone(request)) return dropIfGone(request, reply, done);
    if (options.maxInFlight > 0 && counts.inFlight >= options.maxInFlight) return done(refusal());
    if (gate.refuses(random()) && !continuesWork(request)) return done(refusal());
    counts.inFlight += 1;
    // 'close' comes once per response: after it is sent, or when the connection ends before that.
    reply.raw.once('close', () => {
      counts.inFlight -= 1;
    });
    done();
  });

  if (options.maxEventLoopDelayMs > 0) {
    // Start-up (compiling every route's schemas, loading the pages' renderer) blocks the loop for a
    // while, and the first samples' mean would read as pressure: delays count from the first sample
    // taken wholly after the app is ready.
    let countsFrom = Number.POSITIVE_INFINITY;
    app.addHook('onReady', async () => {
      countsFrom = performance.now() + 2 * SAMPLE_INTERVAL_MS;
    });
    await app.register(underPressure, {
      maxEventLoopDelay: options.maxEventLoopDelayMs,
      sampleInterval: SAMPLE_INTERVAL_MS,
      pressureHandler: (request, _reply, type) =>
        isNeverShed(request) ||
        continuesWork(request) ||
        (type === TYPE_EVENT_LOOP_DELAY && performance.now() < countsFrom)
          ? undefined
          : Promise.reject(refusal()),
    });
  }

  // The last moment before the handler: tenant, session and rate limit may have waited on the
  // database or Redis meanwhile.
  app.addHook('preHandler', dropIfGone);
});
