// Every call of our web app names it (API.md, Existing clients): with the header, the server keeps
// grading quizzes even in a tenant where existing clients grade them.
import { OWN_CLIENT, OWN_CLIENT_HEADER } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { envelope, stubFetch } from '../../test/fetch';
import { apiRequest } from './api-client';

describe('apiRequest', () => {
  it('sends the tenant, the device and our own client header on every call', async () => {
    const calls = stubFetch(() => envelope(200, null));
    await apiRequest('/api/Student/contentlesson/7');
    await apiRequest('/api/quizresult/submit', { method: 'POST', json: { lessonId: 7, answers: [] } });
    expect(calls).toHaveLength(2);
    for (const call of calls) {
      expect(call.headers.get(OWN_CLIENT_HEADER)).toBe(OWN_CLIENT);
      expect(call.headers.get('X-Tenant-ID')).toBe('tenant8');
      expect(call.headers.get('DeviceId')).toBeTruthy();
    }
    expect(OWN_CLIENT_HEADER).toBe('X-Client');
    expect(OWN_CLIENT).toBe('madrasa-web');
  });
});
