// `npm run bench`'s flags (and their environment equivalents), read once and checked.
import { parseArgs } from 'node:util';
import type { DbKind } from './database';
import type { LoadOptions } from './measure';
import { DEFAULT_SIZES } from './scaling';

export type Settings = {
  dbs: DbKind[];
  load: LoadOptions;
  /** Substrings of scenario names to keep; empty keeps all. */
  only: string[];
  /** Write a V8 CPU profile of the server child per measured route under .bench/profiles/. */
  profile: boolean;
  /** Instead of the routes: 1 process against 2, and row-level security's cost (bench/cluster.ts). */
  cluster: boolean;
  /** Instead of the routes: the synchronised quiz start (bench/quiz-start.ts). */
  quizStart: boolean;
  /** Students of the quiz start (doubled by `overload`). */
  students: number;
  overload: boolean;
  /** Quiz start without the warm-up reads before the window: a server started a moment ago. */
  cold: boolean;
  /** Quiz start: the timed exam drawn from a bank (issue 20) instead of the plain quiz. */
  exam: boolean;
  /** With --exam: students refused with 503 and Retry-After ask again after it, as the web app does. */
  retry: boolean;
  /** With --exam: the exam is announced for one minute (opensAt) and the window opens then. */
  announced: boolean;
  /** With --exam: the servers rehearse an announced opening, or warm an open exam read before the
   * window (the default), or neither (`off`). */
  rehearsal: boolean;
  /** With --exam, not announced: seconds between the warm-up's reads and the window (students read
   * the open exam that long before the grade starts it). */
  readAheadSeconds: number;
  /** Quiz start: the students reach the servers through nginx running deploy/nginx.conf, as deployed. */
  viaNginx: boolean;
  /**
   * Quiz start: the server processes on PostgreSQL (2 by default, as deployed; SQLite is always one).
   * They all share the one core the generator leaves them, so 1 shows what the second one costs here.
   */
  processes: number;
  /** Instead of the routes: my lectures and the course tree at each size (bench/scaling.ts). */
  scaling: boolean;
  sizes: number[];
  /** Instead of the routes: the video read of this many schools at once, each figure (bench/schools.ts). */
  schools: number[];
  /** Pin the load generator to its own core where taskset allows (bench/pinning.ts). */
  pin: boolean;
};

const USAGE =
  'usage: npm run bench -- [--db sqlite|postgres|both] [--duration s] [--connections n] [--warmup s] ' +
  '[--only name,name] [--profile] [--cluster] [--quiz-start [--exam [--retry] [--announced | --read-ahead s] [--rehearsal on|off]] [--students n] [--overload] [--cold] [--via-nginx] [--processes n]] ' +
  '[--scaling [--sizes 10,100,1000,10000]] [--schools 1,4,8,16] [--pin on|off]';

export function readSettings(): Settings {
  const { values } = parseArgs({
    options: {
      db: { type: 'string', default: process.env.BENCH_DB ?? 'sqlite' },
      duration: { type: 'string', default: process.env.BENCH_DURATION ?? '10' },
      connections: { type: 'string', default: process.env.BENCH_CONNECTIONS ?? '50' },
      warmup: { type: 'string', default: process.env.BENCH_WARMUP ?? '2' },
      only: { type: 'string', default: '' },
      profile: { type: 'boolean', default: false },
      cluster: { type: 'boolean', default: false },
      'quiz-start': { type: 'boolean', default: false },
      students: { type: 'string', default: process.env.BENCH_STUDENTS ?? '5000' },
      overload: { type: 'boolean', default: false },
      cold: { type: 'boolean', default: false },
      exam: { type: 'boolean', default: false },
      retry: { type: 'boolean', default: false },
      announced: { type: 'boolean', default: false },
      rehearsal: { type: 'string', default: 'on' },
      'read-ahead': { type: 'string', default: '0' },
      'via-nginx': { type: 'boolean', default: false },
      processes: { type: 'string', default: '2' },
      scaling: { type: 'boolean', default: false },
      sizes: { type: 'string', default: DEFAULT_SIZES.join(',') },
      schools: { type: 'string', default: '' },
      pin: { type: 'string', default: process.env.BENCH_PIN ?? 'on' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const dbs: Record<string, DbKind[]> = {
    sqlite: ['sqlite'],
    postgres: ['postgres'],
    both: ['sqlite', 'postgres'],
  };
  const chosen = dbs[values.db];
  if (!chosen) throw new Error(`--db must be sqlite, postgres or both, not "${values.db}"`);
  if (values.pin !== 'on' && values.pin !== 'off')
    throw new Error(`--pin must be on or off, not "${values.pin}"`);
  const modes = [values.cluster, values['quiz-start'], values.scaling, values.schools].filter(Boolean).length;
  if (modes > 1)
    throw new Error('--cluster, --quiz-start, --scaling and --schools are separate runs: choose one');
  if (values.retry && !values.exam)
    throw new Error('--retry is a choice of the exam start: use it with --quiz-start --exam');
  if (values.announced && !values.exam)
    throw new Error('--announced is a choice of the exam start: use it with --quiz-start --exam');
  if (values.rehearsal !== 'on' && values.rehearsal !== 'off')
    throw new Error(`--rehearsal must be on or off, not "${values.rehearsal}"`);
  if (values.rehearsal === 'off' && !values.exam)
    throw new Error('--rehearsal is a choice of an exam: use it with --exam');
  if (values['read-ahead'] !== '0' && (!values.exam || values.announced || values.cold))
    throw new Error(
      '--read-ahead is a choice of an open exam after its warm-up: use it with --exam, not --announced or --cold',
    );
  if (values['via-nginx'] && !values['quiz-start'])
    throw new Error('--via-nginx is a choice of the quiz start: use it with --quiz-start');
  if (values.processes !== '2' && !(values['quiz-start'] && chosen.includes('postgres')))
    throw new Error(
      '--processes is a choice of the quiz start on PostgreSQL: use it with --quiz-start --db postgres',
    );
  return {
    dbs: chosen,
    load: {
      durationSeconds: positive('duration', values.duration),
      connections: Math.round(positive('connections', values.connections)),
      warmupSeconds: positive('warmup', values.warmup, true),
    },
    only: values.only
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean),
    profile: values.profile,
    cluster: values.cluster,
    quizStart: values['quiz-start'],
    students: Math.round(positive('students', values.students)),
    overload: values.overload,
    cold: values.cold,
    exam: values.exam,
    retry: values.retry,
    announced: values.announced,
    rehearsal: values.rehearsal === 'on',
    readAheadSeconds: positive('read-ahead', values['read-ahead'], true),
    viaNginx: values['via-nginx'],
    processes: Math.round(positive('processes', values.processes)),
    scaling: values.scaling,
    sizes: values.sizes.split(',').map((size) => Math.round(positive('sizes', size.trim()))),
    schools: values.schools
      .split(',')
      .filter((count) => count.trim())
      .map((count) => Math.round(positive('schools', count.trim()))),
    pin: values.pin === 'on',
  };
}

function positive(name: string, raw: string, zeroAllowed = false): number {
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || (!zeroAllowed && value === 0))
    throw new Error(`--${name} must be a positive number, not "${raw}"`);
  return value;
}
