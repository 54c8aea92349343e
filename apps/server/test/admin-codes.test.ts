// Administration, code batches (API.md "Administration"; RULES.md "Codes"): N single-use codes in one
// request and one transaction (5,000 at most), the batch list with use counts, each code with the
// student who used it, the printable sheet, the CSV export (BOM, formula injection defused), and
// disabling unused codes, which students then cannot redeem.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Tenant } from '../src/db/schema';
import {
  adminSuite,
  auditRows,
  expectAdminOnly,
  failure,
  signedInAdmin,
  signedInStudent,
  type Endpoint,
  type OtherSchool,
  type SignedIn,
  type Student,
} from './support/admin-helpers';
import { buildCourse, type BuiltCourse } from './support/catalogue-fixture';
import { TENANT, type TestApi } from './support/test-api';

const CODE_NOT_FOUND = 'Code not found.';
const BATCH_NOT_FOUND = 'Code batch not found.';
const PRINTED = /^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{5}-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{5}$/;
const HEADER = 'الكود,الحالة,اسم الطالب,البريد الإلكتروني,رقم الهاتف,وقت الاستخدام,وقت التعطيل';

let course: BuiltCourse;

// Every wrong code of the file comes from one address and a few accounts.
const suite = adminSuite({
  limits: {
    codeAddress: { points: 10_000, durationSeconds: 60 },
    codeAccount: { points: 10_000, durationSeconds: 60 },
  },
});
let api: TestApi, tenant: Tenant, admin: SignedIn, student: Student, other: OtherSchool;
beforeAll(async () => {
  ({ api, tenant, admin, student, other } = suite);
  course = await buildCourse(api.db, {
    tenantId: tenant.id,
    name: 'أحياء',
    units: [[{ type: 'Video' }], [{ type: 'Video' }]],
  });
});

const generate = async (json: Record<string, unknown>) => {
  const reply = await admin.device.call('POST', '/api/Admin/CodeBatches', { json });
  expect(reply.status, reply.text).toBe(200);
  return reply.body.data as { id: number; codes: string[]; [key: string]: unknown };
};
const enrolmentBatch = (count = 3, label = 'سنتر المعادي') =>
  generate({ kind: 'enrollment', courseId: course.courseId, count, label });
const redeem = (who: { id: number; device: SignedIn['device'] }, code: string) =>
  who.device.call(
    'POST',
    `/api/Student/add-course-by-code?Code=${encodeURIComponent(code)}&StudentId=${who.id}`,
  );
const csvRows = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean);

describe('access to code endpoints', () => {
  it('is refused without a token (401) and to a student (403)', async () => {
    const batch = await enrolmentBatch(1);
    const endpoints: Endpoint[] = [
      [
        'POST',
        '/api/Admin/CodeBatches',
        { kind: 'enrollment', courseId: course.courseId, count: 1, label: 'x' },
      ],
      ['GET', '/api/Admin/CodeBatches'],
      ['GET', `/api/Admin/CodeBatches/${batch.id}/Codes`],
      ['GET', `/api/Admin/CodeBatches/${batch.id}/Print`],
      ['GET', `/api/Admin/CodeBatches/${batch.id}/Export`],
      ['POST', `/api/Admin/CodeBatches/${batch.id}/Disable`, {}],
    ];
    await expectAdminOnly(api, student, endpoints);
    const batches = await api.db.selectFrom('code_batches').select('id').execute();
    expect(batches).toHaveLength(1);
    const disabled = await api.db
      .selectFrom('enrollment_codes')
      .select('id')
      .where('disabled_at', 'is not', null)
      .execute();
    expect(disabled).toEqual([]);
  });
});

describe('POST /api/Admin/CodeBatches', () => {
  it('generates enrolment codes in a labelled batch and answers them as students type them', async () => {
    const batch = await enrolmentBatch(4, 'دفعة سبتمبر');
    expect(batch).toMatchObject({
      kind: 'enrollment',
      label: 'دفعة سبتمبر',
      courseId: course.courseId,
      courseName: 'أحياء',
      unitId: null,
      unitName: null,
      count: 4,
      usedCount: 0,
      disabledCount: 0,
      createdAt: api.clock.now().toISOString(),
      createdBy: admin.name,
    });
    expect(batch.codes).toHaveLength(4);
    for (const code of batch.codes) expect(code).toMatch(PRINTED);
    const rows = await api.db
      .selectFrom('enrollment_codes')
      .selectAll()
      .where('batch_id', '=', batch.id)
      .execute();
    expect(rows.map((row) => row.code).sort()).toEqual(
      batch.codes.map((code) => code.replace('-', '')).sort(),
    );
    expect(
      rows.every(
        (row) =>
          row.course_id === course.courseId &&
          row.tenant_id === tenant.id &&
          row.batch_label === 'دفعة سبتمبر',
      ),
    ).toBe(true);
    const [entry] = await auditRows(api, tenant.id);
    expect(entry).toMatchObject({
      actor_id: admin.id,
      action: 'codes.generate',
      target_type: 'code_batch',
      target_id: batch.id,
      summary: 'أكواد اشتراك في الكورس «أحياء»، الدفعة «دفعة سبتمبر» (عدد الأكواد: ٤)',
    });
    // A generated code enrols a student.
    expect((await redeem(student, batch.codes[0]!)).status).toBe(200);
  });

  it('generates unit codes for a unit, naming its course', async () => {
    const batch = await generate({ kind: 'unit', unitId: course.unitIds[1], count: 2, label: 'محاضرة' });
    expect(batch).toMatchObject({
      kind: 'unit',
      courseId: course.courseId,
      unitId: course.unitIds[1],
      unitName: 'الوحدة 2',
      count: 2,
    });
    const rows = await api.db
      .selectFrom('unit_codes')
      .select(['unit_id', 'batch_id'])
      .where('batch_id', '=', batch.id)
      .execute();
    expect(rows).toEqual([
      { unit_id: course.unitIds[1], batch_id: batch.id },
      { unit_id: course.unitIds[1], batch_id: batch.id },
    ]);
    const learner = await signedInStudent(api);
    expect((await learner.device.call('POST', `/api/UnitCode/EnterCode?code=${batch.codes[1]}`)).status).toBe(
      200,
    );
  });

  it('generates 5,000 distinct codes in one request, and exports them as 5,000 CSV rows', async () => {
    const started = performance.now();
    const batch = await generate({
      kind: 'enrollment',
      courseId: course.courseId,
      count: 5000,
      label: 'كبيرة',
    });
    const elapsed = performance.now() - started;
    expect(batch.codes).toHaveLength(5000);
    expect(new Set(batch.codes).size).toBe(5000);
    const stored = await api.db
      .selectFrom('enrollment_codes')
      .select((eb) => [eb.fn.countAll().as('n'), eb.fn.count('code').distinct().as('distinct')])
      .where('batch_id', '=', batch.id)
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(5000);
    expect(Number(stored.distinct)).toBe(5000);
    expect(elapsed).toBeLessThan(20_000);

    const exported = await admin.device.call('GET', `/api/Admin/CodeBatches/${batch.id}/Export`);
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(exported.headers.get('content-disposition')).toMatch(
      /^attachment; filename="codes-\d+-_+\.csv"; filename\*=UTF-8''/,
    );
    // fetch's text() drops a byte-order mark; the bytes keep it.
    const bytes = Buffer.from(
      await (
        await fetch(`${api.baseUrl}/api/Admin/CodeBatches/${batch.id}/Export`, {
          headers: {
            'x-tenant-id': TENANT,
            deviceid: admin.device.deviceId,
            authorization: `Bearer ${admin.device.token}`,
          },
        })
      ).arrayBuffer(),
    );
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = csvRows(exported.text);
    expect(rows[0]).toBe(HEADER);
    expect(rows).toHaveLength(5001);
    expect(new Set(rows.slice(1).map((row) => row.split(',')[0])).size).toBe(5000);
    expect(rows.slice(1).every((row) => /^[A-Z0-9]{5}-[A-Z0-9]{5},غير مستخدم,,,,,$/.test(row))).toBe(true);
  });

  it.each([
    [{ count: 0 }, 'count must be at least 1'],
    [{ count: 5001 }, 'count must be at most 5000'],
    [{ count: 2.5 }, 'count must be a whole number'],
    [{ count: '10' }, 'count must be a number'],
    [{ label: ' ' }, 'Label is required'],
    [{ label: 'x'.repeat(101) }, 'Label must be at most 100 characters'],
    [{ courseId: undefined }, 'An enrolment batch needs courseId; a unit batch needs unitId'],
    [{ kind: 'unit' }, 'An enrolment batch needs courseId; a unit batch needs unitId'],
    [{ kind: 'voucher' }, undefined],
  ])('refuses %j with 400 and writes nothing', async (change, message) => {
    const before = await api.db.selectFrom('code_batches').select('id').execute();
    const reply = await admin.device.call('POST', '/api/Admin/CodeBatches', {
      json: { kind: 'enrollment', courseId: course.courseId, count: 3, label: 'x', ...change },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.success).toBe(false);
    if (message) expect(reply.body.message).toBe(message);
    expect(await api.db.selectFrom('code_batches').select('id').execute()).toHaveLength(before.length);
  });

  it("answers 404 for another school's course or unit, and writes no codes", async () => {
    const codesBefore = await api.db.selectFrom('enrollment_codes').select('id').execute();
    const course404 = await admin.device.call('POST', '/api/Admin/CodeBatches', {
      json: { kind: 'enrollment', courseId: other.course.courseId, count: 3, label: 'x' },
    });
    expect(course404.status).toBe(404);
    expect(course404.body).toEqual(failure('Course not found.'));
    const unit404 = await admin.device.call('POST', '/api/Admin/CodeBatches', {
      json: { kind: 'unit', unitId: other.course.unitIds[0], count: 3, label: 'x' },
    });
    expect(unit404.status).toBe(404);
    expect(unit404.body).toEqual(failure('Unit not found.'));
    expect(await api.db.selectFrom('enrollment_codes').select('id').execute()).toHaveLength(
      codesBefore.length,
    );
    expect(
      await api.db
        .selectFrom('unit_codes')
        .select('id')
        .where('unit_id', '=', other.course.unitIds[0]!)
        .execute(),
    ).toEqual([]);
  });
});

describe('GET /api/Admin/CodeBatches', () => {
  it('lists batches newest first with used and disabled counts, filtered by kind, course and search', async () => {
    const own = await buildCourse(api.db, {
      tenantId: tenant.id,
      name: 'فلسفة',
      units: [[{ type: 'Video' }]],
    });
    const first = await generate({ kind: 'enrollment', courseId: own.courseId, count: 3, label: 'الأولى' });
    const second = await generate({ kind: 'unit', unitId: own.unitIds[0], count: 2, label: 'الثانية' });
    const learner = await signedInStudent(api);
    expect((await redeem(learner, first.codes[0]!)).status).toBe(200);
    await admin.device.call('POST', `/api/Admin/CodeBatches/${first.id}/Disable`, { json: {} });

    const list = async (query: string) => {
      const reply = await admin.device.call('GET', `/api/Admin/CodeBatches?${query}`);
      expect(reply.status).toBe(200);
      return reply.body.data;
    };
    const mine = await list(`courseId=${own.courseId}`);
    expect(mine).toMatchObject({ totalCount: 2, totalPages: 1, currentPage: 1 });
    expect(
      mine.batches.map((b: { id: number; usedCount: number; disabledCount: number }) => [
        b.id,
        b.usedCount,
        b.disabledCount,
      ]),
    ).toEqual([
      [second.id, 0, 0],
      [first.id, 1, 2],
    ]);
    expect(
      (await list(`courseId=${own.courseId}&kind=unit`)).batches.map((b: { id: number }) => b.id),
    ).toEqual([second.id]);
    expect((await list(`search=${encodeURIComponent('فلسف')}`)).totalCount).toBe(2);
    expect(
      (await list(`search=${encodeURIComponent('الثانية')}`)).batches.map((b: { id: number }) => b.id),
    ).toEqual([second.id]);
    expect((await list(`courseId=${other.course.courseId}`)).totalCount).toBe(0);
  });

  it('refuses bad filters with 400', async () => {
    for (const query of ['kind=voucher', 'courseId=abc', 'pageSize=0']) {
      const reply = await admin.device.call('GET', `/api/Admin/CodeBatches?${query}`);
      expect(reply.status, query).toBe(400);
      expect(reply.body.success).toBe(false);
    }
  });
});

describe('GET /api/Admin/CodeBatches/{id}/Codes', () => {
  let batch: Awaited<ReturnType<typeof enrolmentBatch>>;
  let learner: Awaited<ReturnType<typeof signedInStudent>>;
  beforeAll(async () => {
    batch = await enrolmentBatch(4, 'متابعة');
    learner = await signedInStudent(api);
    expect((await redeem(learner, batch.codes[1]!)).status).toBe(200);
    const codeIds = (
      await api.db
        .selectFrom('enrollment_codes')
        .select('id')
        .where('batch_id', '=', batch.id)
        .orderBy('id')
        .execute()
    ).map((r) => r.id);
    await admin.device.call('POST', `/api/Admin/CodeBatches/${batch.id}/Disable`, {
      json: { codeIds: [codeIds[3]] },
    });
  });

  it('shows which codes are used, by whom and when, and which are disabled', async () => {
    const reply = await admin.device.call('GET', `/api/Admin/CodeBatches/${batch.id}/Codes`);
    expect(reply.status).toBe(200);
    const data = reply.body.data;
    expect(data.batch).toMatchObject({ id: batch.id, usedCount: 1, disabledCount: 1 });
    expect(data.totalCount).toBe(4);
    expect(data.codes.map((c: { code: string; status: string }) => [c.code, c.status])).toEqual([
      [batch.codes[0], 'unused'],
      [batch.codes[1], 'used'],
      [batch.codes[2], 'unused'],
      [batch.codes[3], 'disabled'],
    ]);
    expect(data.codes[1]).toMatchObject({
      usedBy: { id: learner.id, name: learner.name, email: learner.email, phone: learner.phone },
      usedAt: api.clock.now().toISOString(),
      disabledAt: null,
    });
    expect(data.codes[3].disabledAt).toBe(api.clock.now().toISOString());
  });

  it('filters by status and searches the code (as printed or typed) or the student', async () => {
    const codes = async (query: string) =>
      (
        await admin.device.call('GET', `/api/Admin/CodeBatches/${batch.id}/Codes?${query}`)
      ).body.data.codes.map((c: { code: string }) => c.code);
    expect(await codes('status=unused')).toEqual([batch.codes[0], batch.codes[2]]);
    expect(await codes('status=used')).toEqual([batch.codes[1]]);
    expect(await codes('status=disabled')).toEqual([batch.codes[3]]);
    expect(await codes(`search=${batch.codes[2]!.toLowerCase()}`)).toEqual([batch.codes[2]]);
    expect(await codes(`search=${batch.codes[2]!.replace('-', '').slice(2, 8)}`)).toEqual([batch.codes[2]]);
    expect(await codes(`search=${encodeURIComponent(learner.email.toUpperCase())}`)).toEqual([
      batch.codes[1],
    ]);
    expect(await codes(`search=${learner.phone.slice(3)}`)).toEqual([batch.codes[1]]);
  });

  it("answers 400 for a bad status and 404 for another school's batch", async () => {
    expect(
      (await admin.device.call('GET', `/api/Admin/CodeBatches/${batch.id}/Codes?status=lost`)).status,
    ).toBe(400);
    const otherAdmin = await signedInAdmin(api, 'tenant9');
    const foreign = await otherAdmin.device.call('POST', '/api/Admin/CodeBatches', {
      json: { kind: 'enrollment', courseId: other.course.courseId, count: 1, label: 'x' },
    });
    const reply = await admin.device.call('GET', `/api/Admin/CodeBatches/${foreign.body.data.id}/Codes`);
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual(failure(BATCH_NOT_FOUND));
    for (const path of ['Print', 'Export']) {
      const refused = await admin.device.call(
        'GET',
        `/api/Admin/CodeBatches/${foreign.body.data.id}/${path}`,
      );
      expect(refused.status, path).toBe(404);
    }
    const disable = await admin.device.call(
      'POST',
      `/api/Admin/CodeBatches/${foreign.body.data.id}/Disable`,
      { json: {} },
    );
    expect(disable.status).toBe(404);
    const stillUsable = await api.db
      .selectFrom('enrollment_codes')
      .select('disabled_at')
      .where('batch_id', '=', foreign.body.data.id)
      .execute();
    expect(stillUsable).toEqual([{ disabled_at: null }]);
  });
});

describe('GET /api/Admin/CodeBatches/{id}/Print', () => {
  it('lists the codes still usable, for the printed cards', async () => {
    const batch = await enrolmentBatch(3, 'طباعة');
    const learner = await signedInStudent(api);
    await redeem(learner, batch.codes[0]!);
    const reply = await admin.device.call('GET', `/api/Admin/CodeBatches/${batch.id}/Print`);
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({ courseName: 'أحياء', codes: [batch.codes[1], batch.codes[2]] });
    expect(reply.body.data.batch).toMatchObject({ id: batch.id, label: 'طباعة', usedCount: 1 });
    expect((await admin.device.call('GET', '/api/Admin/CodeBatches/x/Print')).status).toBe(400);
  });
});

describe('GET /api/Admin/CodeBatches/{id}/Export', () => {
  it('writes who used each code, and a student name that looks like a formula stays text', async () => {
    const batch = await enrolmentBatch(2, 'تصدير');
    const learner = await signedInStudent(api);
    await redeem(learner, batch.codes[0]!);
    await api.db
      .updateTable('users')
      .set({ name: '=HYPERLINK("http://evil.example","x")' })
      .where('id', '=', learner.id)
      .execute();
    const reply = await admin.device.call('GET', `/api/Admin/CodeBatches/${batch.id}/Export`);
    const rows = csvRows(reply.text);
    const at = api.clock.now().toISOString();
    expect(rows).toEqual([
      HEADER,
      `${batch.codes[0]},مستخدم,"'=HYPERLINK(""http://evil.example"",""x"")",${learner.email},${learner.phone},${at},`,
      `${batch.codes[1]},غير مستخدم,,,,,`,
    ]);
  });
});

describe('POST /api/Admin/CodeBatches/{id}/Disable', () => {
  it('disables the unused codes; students cannot redeem them, used codes stay used', async () => {
    const batch = await enrolmentBatch(3, 'إيقاف');
    const first = await signedInStudent(api);
    expect((await redeem(first, batch.codes[0]!)).status).toBe(200);
    const reply = await admin.device.call('POST', `/api/Admin/CodeBatches/${batch.id}/Disable`, { json: {} });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ success: true, message: 'Codes disabled', data: { disabled: 2 } });
    const second = await signedInStudent(api);
    const refused = await redeem(second, batch.codes[1]!);
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual(failure(CODE_NOT_FOUND));
    expect(
      (
        await second.device.call(
          'GET',
          `/api/AdminStudent/IsEnrolled?studentId=${second.id}&courseId=${course.courseId}`,
        )
      ).body,
    ).toBe(false);
    const again = await admin.device.call('POST', `/api/Admin/CodeBatches/${batch.id}/Disable`, { json: {} });
    expect(again.body.data).toEqual({ disabled: 0 });
    const rows = await api.db
      .selectFrom('enrollment_codes')
      .select(['used_by', 'disabled_at'])
      .where('batch_id', '=', batch.id)
      .orderBy('id')
      .execute();
    expect(rows.map((row) => [row.used_by, row.disabled_at !== null])).toEqual([
      [first.id, false],
      [null, true],
      [null, true],
    ]);
    const [entry] = (await auditRows(api, tenant.id)).filter((row) => row.action === 'codes.disable');
    expect(entry).toMatchObject({
      target_id: batch.id,
      summary: 'عُطّلت الأكواد غير المستخدمة من الدفعة «إيقاف» (عددها: ٠)',
    });
  });

  it('disables only the listed codes of the batch, and a disabled unit code cannot unlock its unit', async () => {
    const batch = await generate({ kind: 'unit', unitId: course.unitIds[0], count: 3, label: 'وحدات' });
    const ids = (
      await api.db
        .selectFrom('unit_codes')
        .select('id')
        .where('batch_id', '=', batch.id)
        .orderBy('id')
        .execute()
    ).map((r) => r.id);
    const otherBatch = await enrolmentBatch(1);
    const foreignId = (
      await api.db
        .selectFrom('enrollment_codes')
        .select('id')
        .where('batch_id', '=', otherBatch.id)
        .executeTakeFirstOrThrow()
    ).id;
    const reply = await admin.device.call('POST', `/api/Admin/CodeBatches/${batch.id}/Disable`, {
      json: { codeIds: [ids[1], foreignId] },
    });
    expect(reply.body.data).toEqual({ disabled: 1 });
    const learner = await signedInStudent(api);
    const refused = await learner.device.call('POST', `/api/UnitCode/EnterCode?code=${batch.codes[1]}`);
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual(failure(CODE_NOT_FOUND));
    expect((await learner.device.call('POST', `/api/UnitCode/EnterCode?code=${batch.codes[2]}`)).status).toBe(
      200,
    );
    const foreign = await api.db
      .selectFrom('enrollment_codes')
      .select('disabled_at')
      .where('id', '=', foreignId)
      .executeTakeFirst();
    expect(foreign?.disabled_at).toBeNull();
  });

  it('refuses a bad body with 400', async () => {
    const batch = await enrolmentBatch(1);
    for (const json of [{ codeIds: 'all' }, { codeIds: [0] }, { codeIds: [1.5] }]) {
      const reply = await admin.device.call('POST', `/api/Admin/CodeBatches/${batch.id}/Disable`, { json });
      expect(reply.status, JSON.stringify(json)).toBe(400);
    }
    const row = await api.db
      .selectFrom('enrollment_codes')
      .select('disabled_at')
      .where('batch_id', '=', batch.id)
      .executeTakeFirst();
    expect(row?.disabled_at).toBeNull();
  });
});
