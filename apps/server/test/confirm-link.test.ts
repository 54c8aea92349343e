// The confirmation link in a mail must come from configuration, never from the request's Host header:
// a forged Host would otherwise mail the victim a valid token on the attacker's site.
import { request } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { newStudent, startTestApi, type TestApi } from './support/test-api';

let configured: TestApi;
let unconfigured: TestApi;

async function withConfirmation(api: TestApi): Promise<TestApi> {
  await api.db
    .updateTable('tenants')
    .set({ require_email_confirmation: 1 })
    .where('slug', '=', 'tenant8')
    .execute();
  api.services.tenants.forget('tenant8');
  return api;
}

beforeAll(async () => {
  configured = await withConfirmation(await startTestApi({ env: { PUBLIC_URL: 'https://school.example' } }));
  unconfigured = await withConfirmation(await startTestApi({ env: { PORT: '3999' } }));
});
afterAll(async () => {
  await configured.close();
  await unconfigured.close();
});

function registerWithHost(api: TestApi, host: string, fields: Record<string, string>): Promise<number> {
  const body = JSON.stringify(fields);
  const url = new URL(api.baseUrl);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: '/api/Auth/register',
        method: 'POST',
        headers: {
          host,
          'content-type': 'application/json',
          'x-tenant-id': 'tenant8',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function mailedText(api: TestApi, host: string): Promise<string> {
  const fields = newStudent();
  expect(await registerWithHost(api, host, fields)).toBe(200);
  const mail = await api.db
    .selectFrom('outbox')
    .select('body_text')
    .where('to_address', '=', fields.Email.toLowerCase())
    .executeTakeFirstOrThrow();
  return mail.body_text;
}

it('builds the confirmation link from PUBLIC_URL whatever Host the request claims', async () => {
  const body = await mailedText(configured, 'evil.example');
  expect(body).toContain('https://school.example/api/Auth/confirm-email?token=');
  expect(body).not.toContain('evil.example');
});

it('without PUBLIC_URL falls back to the local address, not to the claimed Host', async () => {
  const body = await mailedText(unconfigured, 'evil.example');
  expect(body).toContain('http://localhost:3999/api/Auth/confirm-email?token=');
  expect(body).not.toContain('evil.example');
});
