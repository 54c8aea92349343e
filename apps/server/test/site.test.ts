import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './support/test-api';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api.close();
});

describe('tenant header', () => {
  it('is required on /api calls', async () => {
    const reply = await api.call('GET', '/api/Contact/getAll', { tenant: null });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ success: false, message: 'Unknown tenant', data: null });
  });

  it('must name a known tenant', async () => {
    const reply = await api.call('GET', '/api/Contact/getAll', { tenant: 'nobody' });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe('Unknown tenant');
  });

  it('is not needed for the health probe', async () => {
    const reply = await api.call('GET', '/api/health', { tenant: null });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ status: 'ok', db: 'ok' });
  });
});

describe('GET /api/Contact/getAll', () => {
  it("returns the tenant's contact links, each null until set", async () => {
    const reply = await api.call('GET', '/api/Contact/getAll');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      success: true,
      message: null,
      data: [{ whatsApp_Number: null, facebook_Page: null, youTube_Channel: null, tiktokChannel: null }],
    });
  });

  it('returns the links the tenant has set', async () => {
    await api.db
      .updateTable('tenants')
      .set({ whatsapp_number: '201000000000', facebook_page: 'https://facebook.com/school' })
      .where('slug', '=', 'tenant8')
      .execute();
    api.services.tenants.forget('tenant8');
    const reply = await api.call('GET', '/api/Contact/getAll');
    expect(reply.body.data[0]).toMatchObject({
      whatsApp_Number: '201000000000',
      facebook_Page: 'https://facebook.com/school',
    });
  });
});

describe('security headers', () => {
  it('are on every API answer, without the page policy that only a rendered page needs', async () => {
    const reply = await api.call('GET', '/api/Contact/getAll');
    expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
    expect(reply.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(reply.headers.get('strict-transport-security')).toContain('max-age=');
    expect(reply.headers.get('content-security-policy')).toBeNull();
  });

  it('include a strict content security policy on pages', async () => {
    const reply = await api.call('GET', '/some/page', { tenant: null, headers: { accept: 'text/html' } });
    const csp = reply.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('let other origins show public media (course images, demo media, signed video) but not API answers or pages', async () => {
    const media = await api.call('GET', '/media/teacher.svg', { tenant: null });
    expect(media.status).toBe(200);
    expect(media.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const image = await api.call('GET', '/api/files/images/none.png', { tenant: null });
    expect(image.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    // Our own videos' playlists and segments: their signed link guards them, not the origin.
    const stream = await api.call('GET', '/api/media/hls/1.1.1.1.bad/1/master.m3u8', { tenant: null });
    expect(stream.status).toBe(403);
    expect(stream.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const answer = await api.call('GET', '/api/Contact/getAll');
    expect(answer.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    const page = await api.call('GET', '/some/page', { tenant: null, headers: { accept: 'text/html' } });
    expect(page.headers.get('cross-origin-resource-policy')).toBe('same-origin');
  });

  it('are also on error answers, which never carry a stack trace', async () => {
    const reply = await api.call('GET', '/api/does-not-exist');
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ success: false, message: 'Not found', data: null });
    expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('OpenAPI document', () => {
  it('is generated from the route schemas, with the contract field names', async () => {
    const reply = await api.call('GET', '/api/docs/json', { tenant: null });
    expect(reply.status).toBe(200);
    const login = reply.body.paths['/api/Auth/login'].post;
    expect(Object.keys(login.requestBody.content['application/json'].schema.properties)).toEqual([
      'EmailorMobile',
      'password',
    ]);
    expect(Object.keys(reply.body.paths['/api/Student/contentlesson/{id}'])).toEqual(['get']);
  });
});
