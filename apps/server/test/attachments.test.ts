// Lesson attachments (API.md, Student learning: contentlesson's attachmentUrl): an uploaded file is
// served through a short-lived signed link bound to one lesson and checked against the student's
// access again on download; an external URL is passed through. Also the demo media's range support.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MEDIA_DIR } from '../src/app';
import type { Tenant } from '../src/db/schema';
import { issueCodes } from '../src/modules/codes/code-issuer';
import { buildCourse, type LessonSpec } from './support/catalogue-fixture';
import { registerStudent, startTestApi, TENANT, type TestApi } from './support/test-api';

const LESSON_NOT_FOUND = 'Lesson details not found.';
const ENDED = 'The access period for this unit has ended';
const failure = (message: string) => ({ success: false, message, data: null });
const START = new Date('2026-09-01T08:00:00.000Z');

let api: TestApi;
let tenant: Tenant;
let uploads: string;

beforeAll(async () => {
  api = await startTestApi();
  tenant = (await api.services.tenants.bySlug(TENANT))!;
  uploads = join(api.services.config.dataDir, 'uploads');
  mkdirSync(uploads, { recursive: true });
});
afterAll(async () => {
  await api.close();
});
beforeEach(() => {
  api.clock.set(START);
});

/** A new file under DATA_DIR/uploads; returns its name and bytes. */
function upload(extension = '.pdf') {
  const name = `notes-${randomBytes(6).toString('hex')}${extension}`;
  const bytes = randomBytes(2048);
  writeFileSync(join(uploads, name), bytes);
  return { name, bytes };
}

type Student = Awaited<ReturnType<typeof signedInStudent>>;

async function signedInStudent() {
  const fields = await registerStudent(api);
  const device = api.device();
  const student = {
    id: fields.id,
    device,
    async relogin() {
      const reply = await device.login(fields.Email);
      if (reply.status !== 200) throw new Error(`login failed: ${reply.status} ${reply.text}`);
    },
  };
  await student.relogin();
  return student;
}

/** A student enrolled now (through a code) in a new course of one unit holding `lessons`. */
async function enrolledIn(lessons: LessonSpec[]) {
  const built = await buildCourse(api.db, { tenantId: tenant.id, units: [lessons] });
  const student = await signedInStudent();
  const [code] = await issueCodes(api.db, {
    tenantId: tenant.id,
    target: { table: 'enrollment_codes', courseId: built.courseId },
    count: 1,
    now: api.clock.now(),
  });
  const reply = await student.device.call(
    'POST',
    `/api/Student/add-course-by-code?Code=${code}&StudentId=${student.id}`,
  );
  expect(reply.status).toBe(200);
  return { built, student, lessonIds: built.lessonIds[0]! };
}

async function attachmentUrl(student: Student, lessonId: number): Promise<string> {
  const reply = await student.device.call('GET', `/api/Student/contentlesson/${lessonId}`);
  expect(reply.status).toBe(200);
  return pathOf(reply.body.data.attachmentUrl as string);
}

/** The path of an absolute link on this server (answers carry absolute URLs, API.md Conventions). */
function pathOf(url: string): string {
  expect(url.startsWith(`${api.baseUrl}/`)).toBe(true);
  return url.slice(api.baseUrl.length);
}

/** Downloads without a tenant header, bearer token or DeviceId, as a browser link does. */
const download = (url: string) => fetch(`${api.baseUrl}${url}`);

async function expectRefused(url: string, status: number, message: string, data: unknown = null) {
  const response = await download(url);
  expect(response.status).toBe(status);
  expect(await response.json()).toEqual({ ...failure(message), data });
}

describe('an uploaded attachment', () => {
  it('is linked from the lesson content with a signed URL and downloads with its bytes', async () => {
    const file = upload();
    const { student, lessonIds } = await enrolledIn([{ type: 'Video', attachmentFile: file.name }]);
    const lessonId = lessonIds[0]!;

    const lesson = await student.device.call('GET', `/api/Student/contentlesson/${lessonId}`);
    expect(lesson.body.data).toMatchObject({ attachmentTitle: 'ملزمة' });
    const url = pathOf(lesson.body.data.attachmentUrl as string);
    expect(url).toMatch(
      new RegExp(`^/api/files/attachments/${lessonId}/[^/?]+\\.pdf\\?sig=[\\w-]+\\.[\\w-]+\\.[\\w-]+$`),
    );
    expect(lesson.text).not.toContain(file.name);

    const response = await download(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent('ملزمة.pdf')}`,
    );
    expect(Buffer.from(await response.arrayBuffer()).equals(file.bytes)).toBe(true);
  });

  it('is refused with 404 when the signature is tampered with or missing', async () => {
    const file = upload();
    const { student, lessonIds } = await enrolledIn([{ type: 'Video', attachmentFile: file.name }]);
    const url = await attachmentUrl(student, lessonIds[0]!);
    const [path, token] = url.split('?sig=') as [string, string];
    const [header, payload, signature] = token.split('.') as [string, string, string];

    const flip = (text: string, at: number) =>
      `${text.slice(0, at)}${text[at] === 'A' ? 'B' : 'A'}${text.slice(at + 1)}`;
    await expectRefused(`${path}?sig=${header}.${payload}.${flip(signature, 10)}`, 404, LESSON_NOT_FOUND);
    await expectRefused(`${path}?sig=${header}.${flip(payload, 5)}.${signature}`, 404, LESSON_NOT_FOUND);
    await expectRefused(`${path}?sig=not-a-token`, 404, LESSON_NOT_FOUND);
    expect((await download(path)).status).toBe(400);
  });

  it("is refused with 404 when lesson A's link is used for lesson B", async () => {
    const a = upload();
    const b = upload();
    const { student, lessonIds } = await enrolledIn([
      { type: 'Video', attachmentFile: a.name },
      { type: 'Video', attachmentFile: b.name },
    ]);
    const [lessonA, lessonB] = lessonIds as [number, number];
    const url = await attachmentUrl(student, lessonA);
    await expectRefused(
      url.replace(`/attachments/${lessonA}/`, `/attachments/${lessonB}/`),
      404,
      LESSON_NOT_FOUND,
    );
    expect((await download(url)).status).toBe(200);
  });

  it('is refused with 404 once the link is older than 30 minutes', async () => {
    const file = upload();
    const { student, lessonIds } = await enrolledIn([{ type: 'Video', attachmentFile: file.name }]);
    const url = await attachmentUrl(student, lessonIds[0]!);

    api.clock.advanceMinutes(29);
    expect((await download(url)).status).toBe(200);
    api.clock.advanceMinutes(2);
    await expectRefused(url, 404, LESSON_NOT_FOUND);
  });

  it("is refused with 403 when the student's access to the unit ended after the link was issued", async () => {
    const file = upload();
    const { student, lessonIds } = await enrolledIn([{ type: 'Video', attachmentFile: file.name }]);
    // Day 6 at 23:45 in Cairo (UTC+3): the unit is still open, the link is fresh.
    api.clock.set('2026-09-07T20:45:00.000Z');
    await student.relogin();
    const url = await attachmentUrl(student, lessonIds[0]!);
    expect((await download(url)).status).toBe(200);

    // Day 7 at 00:05 in Cairo: the link has not expired, but the unit has.
    api.clock.set('2026-09-07T21:05:00.000Z');
    await expectRefused(url, 403, ENDED, { reason: 'unit-ended' });
  });

  it('is never a file outside the uploads folder, and a missing file is 404', async () => {
    writeFileSync(join(api.services.config.dataDir, 'outside.pdf'), 'secret');
    const { student, lessonIds } = await enrolledIn([
      { type: 'Video', attachmentFile: '../outside.pdf' },
      { type: 'Video', attachmentFile: `gone-${randomBytes(4).toString('hex')}.pdf` },
    ]);
    for (const lessonId of lessonIds) {
      const url = await attachmentUrl(student, lessonId);
      await expectRefused(url, 404, LESSON_NOT_FOUND);
    }
  });
});

describe('an external attachment', () => {
  it('is passed through unchanged', async () => {
    const external = 'https://cdn.example.com/files/notes%20v2.pdf?x=1&y=2';
    const { student, lessonIds } = await enrolledIn([{ type: 'Video', attachmentUrl: external }]);
    const reply = await student.device.call('GET', `/api/Student/contentlesson/${lessonIds[0]!}`);
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({ attachmentUrl: external, attachmentTitle: 'ملزمة' });
  });

  it('is null when the lesson has no attachment', async () => {
    const { student, lessonIds } = await enrolledIn([{ type: 'Video' }]);
    const reply = await student.device.call('GET', `/api/Student/contentlesson/${lessonIds[0]!}`);
    expect(reply.body.data).toMatchObject({ attachmentUrl: null, attachmentTitle: null });
  });
});

describe('GET /media/sample-lesson.mp4', () => {
  it('answers a byte range with 206 and Content-Range, for seeking', async () => {
    const file = join(MEDIA_DIR, 'sample-lesson.mp4');
    const size = statSync(file).size;
    const response = await fetch(`${api.baseUrl}/media/sample-lesson.mp4`, {
      headers: { range: 'bytes=0-99' },
    });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe(`bytes 0-99/${size}`);
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.equals(readFileSync(file).subarray(0, 100))).toBe(true);
  });
});
