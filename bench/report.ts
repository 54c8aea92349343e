// Turns measurements into verdicts, a printed table and the JSON kept under .bench/.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname } from 'node:path';
import type { DbKind } from './database';
import type { LoadOptions, Measurement } from './measure';
import { describePinning } from './pinning';
import type { Scenario } from './scenarios';

/** Bare figures that move more than this between the start and the end of a run make ratios shaky. */
const DRIFT_WARNING = 0.15;

/**
 * autocannon's figures plus, over the same measured window, the server's CPU time, the statements its
 * Kysely ran (database round trips; BEGIN/COMMIT and setting the tenant on a fresh PostgreSQL
 * connection are not counted), and the machine's 1-minute load average when the window ended.
 */
export type ServerMeasurement = Measurement & {
  serverCpuMs: number;
  /** CPU of the local PostgreSQL processes over the window (bench/database-cpu.ts); 0 on SQLite. */
  databaseCpuMs: number;
  serverQueries: number;
  loadAverage: number;
};

/** Server CPU microseconds per completed request. */
export const cpuPerRequest = (m: ServerMeasurement): number =>
  m.requests > 0 ? (m.serverCpuMs * 1000) / m.requests : 0;

/** PostgreSQL's CPU microseconds per completed request. */
export const databaseCpuPerRequest = (m: ServerMeasurement): number =>
  m.requests > 0 ? (m.databaseCpuMs * 1000) / m.requests : 0;

/** Database statements per completed request. */
export const queriesPerRequest = (m: ServerMeasurement): number =>
  m.requests > 0 ? m.serverQueries / m.requests : 0;

/** One measured window on a line: what the bench prints as it goes. */
/** A measured window as the scaling and schools tables keep it (bench/scaling.ts, bench/schools.ts). */
export type Figures = {
  reqPerSec: number;
  /** Answers with 2xx per second: what is left of req/s once load shedding's 503s are taken out. */
  okPerSec: number;
  p50Ms: number;
  p99Ms: number;
  queriesPerRequest: number;
  serverCpuMicrosPerRequest: number;
  loadAverage: number;
  requests: number;
  /** Answers by status in the measured window (503s: load shedding). */
  statusCodes: Record<string, number>;
  non2xx: number;
  errors: number;
};

export const figuresOf = (m: ServerMeasurement): Figures => ({
  reqPerSec: Math.round(m.reqPerSec),
  okPerSec: m.seconds > 0 ? Math.round((m.requests - m.non2xx) / m.seconds) : 0,
  p50Ms: m.p50Ms,
  p99Ms: m.p99Ms,
  queriesPerRequest: Number(queriesPerRequest(m).toFixed(2)),
  serverCpuMicrosPerRequest: Math.round(cpuPerRequest(m)),
  loadAverage: m.loadAverage,
  requests: m.requests,
  statusCodes: m.statusCodes,
  non2xx: m.non2xx,
  errors: m.errors + m.timeouts,
});

/** What a figure that could not be measured shows. */
export const NO_FIGURES: Figures = {
  reqPerSec: 0,
  okPerSec: 0,
  p50Ms: 0,
  p99Ms: 0,
  queriesPerRequest: 0,
  serverCpuMicrosPerRequest: 0,
  loadAverage: 0,
  requests: 0,
  statusCodes: {},
  non2xx: 0,
  errors: 0,
};

export const FIGURE_HEADER = [
  'req/s',
  '2xx/s',
  'p50 ms',
  'p99 ms',
  'queries/req',
  'CPU µs/req',
  'non-2xx',
  'load',
];

/** A row's cells under FIGURE_HEADER; the load's cell says the problem instead when there is one. */
export const figureCells = (row: Figures, problem: string | null): string[] => [
  row.reqPerSec.toLocaleString('en-US'),
  row.okPerSec.toLocaleString('en-US'),
  String(row.p50Ms),
  String(row.p99Ms),
  row.queriesPerRequest.toFixed(2),
  String(row.serverCpuMicrosPerRequest),
  String(row.non2xx + row.errors),
  problem ? `ERROR: ${problem}` : row.loadAverage.toFixed(2),
];

export const formatMeasurement = (m: ServerMeasurement): string =>
  `${Math.round(m.reqPerSec)} req/s, p99 ${m.p99Ms} ms, server CPU ${Math.round(cpuPerRequest(m))} µs/req, ` +
  (m.databaseCpuMs > 0 ? `database CPU ${Math.round(databaseCpuPerRequest(m))} µs/req, ` : '') +
  `${queriesPerRequest(m).toFixed(2)} queries/req, load ${m.loadAverage.toFixed(2)}`;

/** The 1-minute load average now, for the figure just measured. */
export const loadNow = (): number => Number(loadavg()[0]!.toFixed(2));

export type Verdict = 'PASS' | 'FAIL' | 'ERROR' | 'no budget' | 'baseline';

export type Row = {
  name: string;
  method: string;
  path: string;
  reqPerSec: number;
  p99Ms: number;
  p50Ms: number;
  /** req/s over the bare baseline's req/s: higher is better. */
  ratio: number;
  /** p99 over the bare baseline's p99: lower is better. */
  p99Ratio: number;
  /** Server CPU per request, all threads of the server process. */
  serverCpuMicrosPerRequest: number;
  /** Database statements per request (round trips). */
  queriesPerRequest: number;
  /** PostgreSQL's CPU per request (0 on SQLite). */
  databaseCpuMicrosPerRequest: number;
  /** The machine's 1-minute load average at the end of this route's window. */
  loadAverage: number;
  /**
   * Bare CPU per request over this route's: the req/s ratio the route would show if the server alone
   * were the limit. Steadier than `ratio` on a busy machine; reported, not judged.
   */
  cpuRatio: number;
  /**
   * The bare route sending this route's own answer (Scenario.sameBytes): its req/s over bare's (the
   * most the answer's size allows), and this route's req/s over it (the share the route's work keeps).
   * Null when not measured. Reported, not judged.
   */
  sameBytesRatio: number | null;
  ofSameBytes: number | null;
  budgetRatio: number | null;
  p99BudgetMs: number | null;
  verdict: Verdict;
  /** Why the verdict is FAIL or ERROR. */
  reasons: string[];
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
};

export type Report = {
  db: DbKind;
  database: string;
  startedAt: string;
  finishedAt: string;
  node: string;
  cpus: number;
  loadAverageAtStart: number[];
  /** Whether the load generator had its own core (bench/pinning.ts), or why not. */
  pinning: string;
  options: LoadOptions;
  /** The baseline the ratios use: the mean of the bare runs before and after the routes. */
  bare: { reqPerSec: number; p99Ms: number; serverCpuMicrosPerRequest: number; driftRatio: number };
  rows: Row[];
  failed: number;
};

/** `problem`: why the route was not measured (its check before the load failed); the row is an ERROR. */
export type MeasuredScenario = {
  scenario: Scenario;
  measurement: ServerMeasurement;
  problem?: string;
  /** The bare route sending this route's answer (Scenario.sameBytes). */
  sameBytes?: ServerMeasurement;
};

/** The figures of a route that was not measured. */
export const notMeasured = (): ServerMeasurement => ({
  reqPerSec: 0,
  p50Ms: 0,
  p99Ms: 0,
  maxMs: 0,
  requests: 0,
  non2xx: 0,
  errors: 0,
  timeouts: 0,
  statusCodes: {},
  seconds: 0,
  serverCpuMs: 0,
  databaseCpuMs: 0,
  serverQueries: 0,
  loadAverage: loadNow(),
});

type Baseline = Report['bare'];

export function buildReport(input: {
  db: DbKind;
  database: string;
  startedAt: Date;
  options: LoadOptions;
  loadAverageAtStart: number[];
  bareBefore: ServerMeasurement;
  bareAfter: ServerMeasurement;
  routes: MeasuredScenario[];
}): Report {
  const { bareBefore, bareAfter } = input;
  const bare: Baseline = {
    reqPerSec: (bareBefore.reqPerSec + bareAfter.reqPerSec) / 2,
    p99Ms: (bareBefore.p99Ms + bareAfter.p99Ms) / 2,
    serverCpuMicrosPerRequest: (cpuPerRequest(bareBefore) + cpuPerRequest(bareAfter)) / 2,
    driftRatio: bareBefore.reqPerSec > 0 ? bareAfter.reqPerSec / bareBefore.reqPerSec : 0,
  };
  const bareScenario = (name: string): Scenario => ({ name, method: 'GET', path: '/bare', headers: {} });
  const rows = [
    toRow(bareScenario('bare Fastify (before)'), bareBefore, bare, true),
    ...input.routes.map(({ scenario, measurement, problem, sameBytes }) =>
      toRow(scenario, measurement, bare, false, problem, sameBytes),
    ),
    toRow(bareScenario('bare Fastify (after)'), bareAfter, bare, true),
  ];
  return {
    db: input.db,
    database: input.database,
    startedAt: input.startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    node: process.version,
    cpus: cpus().length,
    loadAverageAtStart: input.loadAverageAtStart,
    pinning: describePinning(),
    options: input.options,
    bare,
    rows,
    failed: rows.filter((row) => row.verdict === 'FAIL' || row.verdict === 'ERROR').length,
  };
}

function toRow(
  scenario: Scenario,
  m: ServerMeasurement,
  bare: Baseline,
  isBaseline: boolean,
  problem?: string,
  sameBytes?: ServerMeasurement,
): Row {
  const ratio = bare.reqPerSec > 0 ? m.reqPerSec / bare.reqPerSec : 0;
  const floor = sameBytes && sameBytes.reqPerSec > 0 && bare.reqPerSec > 0 ? sameBytes.reqPerSec : null;
  const p99Ratio = bare.p99Ms > 0 ? m.p99Ms / bare.p99Ms : 0;
  const cpu = cpuPerRequest(m);
  const cpuRatio = cpu > 0 ? bare.serverCpuMicrosPerRequest / cpu : 0;
  const reasons: string[] = problem === undefined ? [] : [`not measured: ${problem}`];
  if (m.non2xx > 0) reasons.push(`${m.non2xx} non-2xx (${JSON.stringify(m.statusCodes)})`);
  if (m.errors > 0) reasons.push(`${m.errors} errors`);
  if (m.timeouts > 0) reasons.push(`${m.timeouts} timeouts`);
  if (m.requests === 0 && problem === undefined) reasons.push('no completed request');
  let verdict: Verdict;
  if (reasons.length > 0) {
    verdict = 'ERROR';
  } else if (isBaseline) {
    verdict = 'baseline';
  } else {
    if (scenario.budgetRatio !== undefined && ratio < scenario.budgetRatio)
      reasons.push(`req/s ratio ${ratio.toFixed(3)} < ${scenario.budgetRatio.toFixed(2)}`);
    if (scenario.p99BudgetMs !== undefined && m.p99Ms > scenario.p99BudgetMs)
      reasons.push(`p99 ${m.p99Ms} ms > ${scenario.p99BudgetMs} ms`);
    const hasBudget = scenario.budgetRatio !== undefined || scenario.p99BudgetMs !== undefined;
    verdict = reasons.length > 0 ? 'FAIL' : hasBudget ? 'PASS' : 'no budget';
  }
  return {
    name: scenario.name,
    method: scenario.method,
    path: scenario.path,
    reqPerSec: round(m.reqPerSec, 0),
    p99Ms: m.p99Ms,
    p50Ms: m.p50Ms,
    ratio: round(ratio, 2),
    p99Ratio: round(p99Ratio, 2),
    serverCpuMicrosPerRequest: round(cpu, 0),
    queriesPerRequest: round(queriesPerRequest(m), 2),
    databaseCpuMicrosPerRequest: round(databaseCpuPerRequest(m), 0),
    loadAverage: m.loadAverage,
    cpuRatio: round(cpuRatio, 2),
    sameBytesRatio: floor === null ? null : round(floor / bare.reqPerSec, 2),
    ofSameBytes: floor === null ? null : round(m.reqPerSec / floor, 2),
    budgetRatio: scenario.budgetRatio ?? null,
    p99BudgetMs: scenario.p99BudgetMs ?? null,
    verdict,
    reasons,
    requests: m.requests,
    non2xx: m.non2xx,
    errors: m.errors,
    timeouts: m.timeouts,
    statusCodes: m.statusCodes,
  };
}

const round = (value: number, digits: number) => Number(value.toFixed(digits));

function budgetText(row: Row): string {
  const parts: string[] = [];
  if (row.budgetRatio !== null) parts.push(`≥ ${row.budgetRatio.toFixed(2)}`);
  if (row.p99BudgetMs !== null) parts.push(`p99 ≤ ${row.p99BudgetMs} ms`);
  return parts.length > 0 ? parts.join(', ') : '-';
}

export function formatReport(report: Report): string {
  const header = [
    'route',
    'req/s',
    'p99 ms',
    'ratio',
    'p99 × bare',
    'CPU µs/req',
    'CPU ratio',
    'bytes floor',
    'of floor',
    'queries/req',
    'db CPU µs/req',
    'load',
    'budget',
    'result',
  ];
  const body = report.rows.map((row) => [
    row.name,
    row.reqPerSec.toLocaleString('en-US'),
    String(row.p99Ms),
    row.ratio.toFixed(2),
    row.p99Ratio.toFixed(2),
    String(row.serverCpuMicrosPerRequest),
    row.cpuRatio.toFixed(2),
    row.sameBytesRatio?.toFixed(2) ?? '-',
    row.ofSameBytes?.toFixed(2) ?? '-',
    row.queriesPerRequest.toFixed(2),
    String(row.databaseCpuMicrosPerRequest),
    row.loadAverage.toFixed(2),
    budgetText(row),
    row.verdict,
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...body.map((cells) => (cells[column] ?? '').length)),
  );
  const numeric = new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  const line = (cells: string[]) =>
    cells
      .map((cell, column) =>
        numeric.has(column) ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0),
      )
      .join('  ')
      .trimEnd();
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  const { options, bare } = report;
  const lines = [
    `API bench on ${report.db} (${report.database})`,
    `node ${report.node}, ${report.cpus} cpus, load ${report.loadAverageAtStart.map((v) => v.toFixed(2)).join(' ')}; ` +
      `${options.connections} connections, ${options.durationSeconds} s per route after ${options.warmupSeconds} s warm-up; ` +
      report.pinning,
    `ratio = req/s ÷ bare req/s (judged, higher is better); p99 × bare = p99 ÷ bare p99 (lower is better); ` +
      "CPU ratio = bare server CPU per request ÷ the route's (not judged: steadier when the machine is busy); " +
      "bytes floor = req/s of the bare route sending this route's own answer ÷ bare req/s (what the answer's " +
      "size alone allows); of floor = the route's req/s ÷ that (the share its work keeps); " +
      'queries/req = statements the app ran per request (database round trips); db CPU = CPU of every ' +
      'PostgreSQL process on this machine per request (other work on the same server counts too); ' +
      'load = 1-minute load average when the route was measured',
    `bare = mean of the two bare runs: ${Math.round(bare.reqPerSec).toLocaleString('en-US')} req/s, ` +
      `p99 ${bare.p99Ms} ms, ${Math.round(bare.serverCpuMicrosPerRequest)} µs server CPU per request`,
    '',
    line(header),
    rule,
    ...body.map(line),
  ];
  for (const row of report.rows) {
    if (row.verdict === 'FAIL' || row.verdict === 'ERROR')
      lines.push(`${row.verdict}: ${row.name}: ${row.reasons.join('; ')}`);
  }
  if (Math.abs(bare.driftRatio - 1) > DRIFT_WARNING)
    lines.push(
      `WARNING: bare throughput moved ${((bare.driftRatio - 1) * 100).toFixed(0)}% between the start and the end ` +
        'of the run (other load on the machine?): the ratios are less reliable, run again.',
    );
  const judged = report.rows.some((row) => row.verdict === 'PASS' || row.verdict === 'FAIL');
  lines.push(
    report.failed > 0
      ? `${report.failed} route(s) FAIL or ERROR on ${report.db} (reported only: the exit code stays 0)`
      : judged
        ? `all budgets met on ${report.db}`
        : `no budgets on ${report.db}: figures for information`,
  );
  return lines.join('\n');
}

export function writeReport(file: string, report: Report): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
}

export const currentLoadAverage = (): number[] => loadavg();

/** What every report under .bench/ opens with: when, on what, and whether the generator was pinned. */
export const runInfo = (startedAt: Date) => ({
  startedAt: startedAt.toISOString(),
  finishedAt: new Date().toISOString(),
  node: process.version,
  cpus: cpus().length,
  pinning: describePinning(),
});

/** A plain text table: the first column left-aligned, the others right-aligned. */
export function formatTable(header: string[], body: string[][]): string[] {
  const widths = header.map((title, c) =>
    Math.max(title.length, ...body.map((cells) => (cells[c] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)];
}
