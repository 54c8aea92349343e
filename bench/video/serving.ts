// Part 2 of `npm run bench:video`: one 240p segment through the API's signed link against the same file
// from a bare static server (node:http, stat + createReadStream) in the same server child, one after the
// other, with the child's CPU time around each measured window (bench/children.ts). The ladder comes
// from part 1's transcode; the child writes the video's rows and files (bench/video/seed.ts). The token
// is minted here with the product's MediaLinks and the key the server derives from the JWT secret the
// parent gave the child.
import { randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { systemClock } from '../../apps/server/src/lib/clock';
import { hmacHex } from '../../apps/server/src/lib/secrets';
import { MediaLinks, mediaPaths } from '../../apps/server/src/modules/video/playback/media-links';
import { ask, cleanups, measureServers, startServer } from '../children';
import { createBenchDatabase } from '../database';
import type { LoadOptions } from '../measure';
import { cpuPerRequest, type ServerMeasurement } from '../report';
import { TENANT } from '../scenarios';
import type { TranscodeBench } from './transcode-speed';

const SEGMENT = 'seg-00001.ts';
const HEIGHT = 240;

export type ServingRow = {
  name: string;
  url: string;
  reqPerSec: number;
  /** Response bodies only: req/s × the segment's size. */
  megabytesPerSec: number;
  p50Ms: number;
  p99Ms: number;
  /** req/s over the static server's. */
  ratio: number;
  serverCpuMicrosPerRequest: number;
  loadAverage: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
};

export type ServingBench = { segmentBytes: number; rows: ServingRow[] };

/** The key the server signs media links with (services.ts: HMAC of the JWT secret for "media-links"). */
const mediaLinks = (jwtSecret: string) =>
  new MediaLinks({
    key: Buffer.from(hmacHex(new TextEncoder().encode(jwtSecret), 'media-links'), 'hex'),
    clock: systemClock,
    linkHours: 6,
  });

export async function benchServing(transcoded: TranscodeBench, load: LoadOptions): Promise<ServingBench> {
  const database = await createBenchDatabase('sqlite');
  cleanups.push(() => database.drop());
  const jwtSecret = randomBytes(48).toString('base64url');
  const server = await startServer(database.env, jwtSecret);
  const { transcoded: probe } = transcoded;
  const seeded = await ask(
    server.child,
    {
      type: 'seed-video',
      tenantSlug: TENANT,
      ladderDir: transcoded.hlsDir,
      keyHex: transcoded.keyHex,
      durationMs: probe.durationMs,
      width: probe.width,
      height: probe.height,
      renditions: probe.renditions,
      sourceBytes: transcoded.sourceBytes,
    },
    'video-seeded',
    60_000,
  );
  const token = mediaLinks(jwtSecret).token(
    { kind: 'hls', videoId: seeded.videoId },
    { tenantId: seeded.tenantId, sessionId: 'bench-video', lessonId: seeded.lessonId },
  );
  const segmentBytes = statSync(join(transcoded.hlsDir, String(HEIGHT), SEGMENT)).size;
  const targets = [
    {
      name: `API signed link (${HEIGHT}p ${SEGMENT})`,
      url: `http://127.0.0.1:${server.appPort}${mediaPaths.hlsBase(token, seeded.videoId)}/${HEIGHT}/${SEGMENT}`,
    },
    {
      name: 'bare static (node:http + createReadStream)',
      url: `http://127.0.0.1:${seeded.staticPort}/${HEIGHT}/${SEGMENT}`,
    },
  ];
  for (const target of targets) {
    const response = await fetch(target.url);
    const body = Buffer.from(await response.arrayBuffer());
    if (response.status !== 200 || body.length !== segmentBytes)
      throw new Error(`${target.name}: ${response.status}, ${body.length} bytes (expected ${segmentBytes})`);
  }
  const measured: { name: string; url: string; m: ServerMeasurement }[] = [];
  for (const target of targets) {
    process.stdout.write(`[bench:video] ${target.name} ... `);
    const m = await measureServers([server.child], { url: target.url, method: 'GET', headers: {} }, load);
    measured.push({ ...target, m });
    console.log(`${Math.round(m.reqPerSec)} req/s, p99 ${m.p99Ms} ms, load ${m.loadAverage.toFixed(2)}`);
  }
  const bare = measured.at(-1)!.m.reqPerSec;
  const rows = measured.map(({ name, url, m }) => ({
    name,
    url: url.replace(token, '{token}'),
    reqPerSec: Math.round(m.reqPerSec),
    megabytesPerSec: Number(((m.reqPerSec * segmentBytes) / 1e6).toFixed(1)),
    p50Ms: m.p50Ms,
    p99Ms: m.p99Ms,
    ratio: bare > 0 ? Number((m.reqPerSec / bare).toFixed(2)) : 0,
    serverCpuMicrosPerRequest: Math.round(cpuPerRequest(m)),
    loadAverage: m.loadAverage,
    requests: m.requests,
    non2xx: m.non2xx,
    errors: m.errors,
    timeouts: m.timeouts,
  }));
  return { segmentBytes, rows };
}
