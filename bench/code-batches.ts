// How long an admin waits for a batch of 5,000 codes (issue 6): POST /api/Admin/CodeBatches with
// count 5000, timed end to end over HTTP (generation, the one transaction, the answer), a few runs,
// median reported. Not a load test: one request at a time on an otherwise idle server.
//
// The server child writes the admin account and a course (seedBatchAdmin; bench/server.ts says through
// which connection); the parent logs in over HTTP and times the requests.
import { randomBytes } from 'node:crypto';
import type { Db } from '../apps/server/src/db/connect';

export const CODES_SCENARIO = 'codes: 5,000-code batch (POST /api/Admin/CodeBatches)';
export const BATCH_SIZE = 5000;
const DEVICE_ID = 'bench-device-admin';

export type BatchAdmin = { email: string; courseId: number };

/** In the server child: an admin of the tenant and a course to generate codes for. */
export async function seedBatchAdmin(
  db: Db,
  input: { tenantSlug: string; passwordHash: string; now: Date },
): Promise<BatchAdmin> {
  const now = input.now.toISOString();
  const tenant = await db
    .selectFrom('tenants')
    .select('id')
    .where('slug', '=', input.tenantSlug)
    .executeTakeFirstOrThrow();
  const email = `bench-admin-${randomBytes(4).toString('hex')}@example.com`;
  await db
    .insertInto('users')
    .values({
      tenant_id: tenant.id,
      name: 'مدير القياس',
      email,
      phone: `019${String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, '0')}`,
      parent_phone: '',
      academic_year: '',
      is_online: 1,
      role: 'admin',
      password_hash: input.passwordHash,
      email_confirmed_at: now,
      created_at: now,
      updated_at: now,
    })
    .execute();
  const course = await db
    .insertInto('courses')
    .values({
      tenant_id: tenant.id,
      teacher_id: null,
      name: 'دورة أكواد القياس',
      subject: null,
      description: '',
      image_path: null,
      price_cents: 10_000,
      term: 'First',
      // Not the catalogue routes' grade (Secondary3): the course-page check counts that grade's courses.
      grade: 'Oman12',
      active: 1,
      open_to_all: 0,
      created_at: now,
      modified_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { email, courseId: course.id };
}

export type BatchTiming = { runsMs: number[]; medianMs: number };

/** In the parent: logs the admin in and times `runs` batches after one warm-up batch. */
export async function timeCodeBatches(
  baseUrl: string,
  tenant: string,
  admin: BatchAdmin & { password: string },
  runs = 5,
): Promise<BatchTiming> {
  const login = await fetch(`${baseUrl}/api/Auth/login`, {
    method: 'POST',
    headers: { 'X-Tenant-ID': tenant, DeviceId: DEVICE_ID, 'Content-Type': 'application/json' },
    body: JSON.stringify({ EmailorMobile: admin.email, password: admin.password }),
  });
  const token = ((await login.json()) as { data?: { token?: string } }).data?.token;
  if (!token) throw new Error(`admin login answered ${login.status}`);
  const generate = async (label: string) => {
    const started = performance.now();
    const response = await fetch(`${baseUrl}/api/Admin/CodeBatches`, {
      method: 'POST',
      headers: {
        'X-Tenant-ID': tenant,
        DeviceId: DEVICE_ID,
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ kind: 'enrollment', courseId: admin.courseId, count: BATCH_SIZE, label }),
    });
    const body = (await response.json()) as { data?: { codes?: string[] } };
    const elapsed = performance.now() - started;
    const codes = body.data?.codes ?? [];
    if (response.status !== 200 || new Set(codes).size !== BATCH_SIZE)
      throw new Error(`batch answered ${response.status} with ${codes.length} codes`);
    return elapsed;
  };
  await generate('warm-up');
  const runsMs: number[] = [];
  for (let run = 1; run <= runs; run += 1) runsMs.push(Math.round(await generate(`bench-${run}`)));
  return { runsMs, medianMs: median(runsMs) };
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2);
}

export const formatTiming = (kind: string, timing: BatchTiming) =>
  `[bench] ${kind}: ${CODES_SCENARIO}: median ${timing.medianMs} ms over ${timing.runsMs.length} runs ` +
  `(${timing.runsMs.join(', ')} ms)`;
