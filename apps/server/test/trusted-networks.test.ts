// A school behind one NAT address (issue 16): a centre registering and signing in its class from one
// address met 429 at the 21st registration of the hour and the 61st login in 5 minutes. The admin
// lists the school's own networks in the site settings; there the per-address limits are raised (×10
// by default, TRUSTED_NETWORK_FACTOR), and everywhere else they stay as they are. Addresses come from
// X-Forwarded-For (TRUST_PROXY), as behind nginx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { parseLimitOverrides } from '../src/lib/limits';
import { signedInAdmin, type SignedIn } from './support/admin-helpers';
import { newStudent, startTestApi, type TestApi } from './support/test-api';

let api: TestApi;
let admin: SignedIn;
beforeAll(async () => {
  api = await startTestApi({
    env: { TRUST_PROXY: 'true', RATE_LIMIT_MAX: '40', TRUSTED_NETWORK_FACTOR: '3' },
    // The shipped per-address rules, not the raised ones every other API test uses.
    limits: {
      registerAddress: { points: 20, durationSeconds: 3600 },
      loginAddress: { points: 60, durationSeconds: 300 },
    },
  });
  admin = await signedInAdmin(api);
});
afterAll(async () => {
  await api.close();
});

const register = (address: string) =>
  api.call('POST', '/api/Auth/register', {
    multipart: newStudent(),
    headers: { 'x-forwarded-for': address },
  });

const registerMany = async (address: string, count: number) => {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 1) statuses.push((await register(address)).status);
  return statuses;
};

const saveNetworks = (trustedNetworks: unknown) =>
  admin.device.call('PUT', '/api/Admin/Site', {
    json: { name: 'مدرسة النور', trustedNetworks },
  });

describe("a school's own networks", () => {
  it('raise the per-address limits there, and only there', async () => {
    // Before: the centre's 21st registration of the hour is refused.
    expect(await registerMany('196.1.2.3', 21)).toEqual([...Array<number>(20).fill(200), 429]);

    const saved = await saveNetworks(['196.1.2.0/24', ' 2001:db8::/32 ']);
    expect(saved.status).toBe(200);
    expect(saved.body.data.trustedNetworks).toEqual(['196.1.2.0/24', '2001:db8::/32']);
    expect((await admin.device.call('GET', '/api/Admin/Site')).body.data.trustedNetworks).toEqual([
      '196.1.2.0/24',
      '2001:db8::/32',
    ]);

    // After: 20 × 3 from the centre's network; an address outside it keeps the usual 20.
    expect(await registerMany('196.1.2.77', 61)).toEqual([...Array<number>(60).fill(200), 429]);
    expect(await registerMany('196.1.3.5', 21)).toEqual([...Array<number>(20).fill(200), 429]);
  });

  it('raise the flood allowance of the whole API there too', async () => {
    const read = (address: string) =>
      api.call('GET', '/api/Contact/getAll', { headers: { 'x-forwarded-for': address } });
    const statuses = async (address: string, count: number) => {
      const seen: number[] = [];
      for (let i = 0; i < count; i += 1) seen.push((await read(address)).status);
      return seen;
    };
    expect(await saveNetworks(['196.7.0.0/16'])).toMatchObject({ status: 200 });
    expect((await statuses('196.8.0.1', 41)).at(-1)).toBe(429);
    const school = await statuses('196.7.1.1', 120);
    expect(school.every((status) => status === 200)).toBe(true);
  });

  it('are left unchanged by a save that does not name them', async () => {
    expect((await saveNetworks(['10.20.0.0/16'])).status).toBe(200);
    const reply = await admin.device.call('PUT', '/api/Admin/Site', { json: { name: 'مدرسة النور' } });
    expect(reply.body.data.trustedNetworks).toEqual(['10.20.0.0/16']);
    expect((await saveNetworks([])).body.data.trustedNetworks).toEqual([]);
  });

  it.each([[['196.1.2.0/33']], [['not-an-address']], [['196.1.2.0/24; DROP']], [Array(51).fill('10.0.0.1')]])(
    'refuses %j with 400 naming the field, and stores nothing',
    async (networks) => {
      expect((await saveNetworks(['172.16.0.0/12'])).status).toBe(200);
      const reply = await saveNetworks(networks);
      expect(reply.status).toBe(400);
      expect(Object.keys(reply.body.errors ?? {}).join()).toMatch(/^trustedNetworks/);
      const stored = await admin.device.call('GET', '/api/Admin/Site');
      expect(stored.body.data.trustedNetworks).toEqual(['172.16.0.0/12']);
    },
  );
});

describe('RATE_LIMITS', () => {
  it('sets limits per deployment as name=attempts/seconds', () => {
    expect(parseLimitOverrides('loginAddress=120/300, registerAddress=100/3600')).toEqual({
      loginAddress: { points: 120, durationSeconds: 300 },
      registerAddress: { points: 100, durationSeconds: 3600 },
    });
    const config = loadConfig({ RATE_LIMITS: 'codeAccount=5/60', JWT_SECRET: 'x'.repeat(48) });
    expect(config.limits).toEqual({ codeAccount: { points: 5, durationSeconds: 60 } });
  });

  it.each(['loginAdress=1/1', 'loginAddress=0/60', 'loginAddress=ten/60', 'loginAddress'])(
    'refuses %s at start-up',
    (text) => {
      expect(() => loadConfig({ RATE_LIMITS: text, JWT_SECRET: 'x'.repeat(48) })).toThrow(/RATE_LIMITS/);
    },
  );
});
