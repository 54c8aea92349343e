// A server over capacity answers 503 with Retry-After: reads are asked again after the wait, at most
// three times in all, with a calm Arabic notice meanwhile; changes are never re-sent by themselves.
import { OVERLOADED_MESSAGE } from '@app/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, json, stubFetch } from '../../test/fetch';
import { localizeServerMessage, overloadNoticeText } from '../i18n/messages';
import { ApiError, apiRequest } from './api-client';
import { overloadNotice, OVERLOAD_MAX_TRIES, OVERLOAD_MAX_WAIT_S } from './overload';
import { createQueryClient } from './query-client';

const shed = (seconds: string) =>
  json(
    503,
    { success: false, message: OVERLOADED_MESSAGE, data: { retryAfter: Number(seconds) } },
    {
      'Retry-After': seconds,
    },
  );

beforeEach(() => {
  vi.useFakeTimers();
  overloadNotice.set(null);
});
afterEach(() => {
  overloadNotice.set(null);
});

describe('a read the server shed', () => {
  it('is asked again after the wait it was told, with the notice up meanwhile', async () => {
    let answers = 0;
    const calls = stubFetch(() => (++answers < 3 ? shed('5') : envelope(200, null, { name: 'أحمد' })));
    const result = apiRequest('/api/Student/profile');

    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1);
    expect(overloadNotice.get()).toMatchObject({ kind: 'retrying', seconds: 5 });
    expect(overloadNoticeText('retrying', 5)).toBe('الضغط على المنصة كبير الآن، سنحاول مرة أخرى خلال ٥ ثوانٍ');

    await vi.advanceTimersByTimeAsync(4_999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(calls).toHaveLength(3);

    await expect(result).resolves.toMatchObject({ data: { name: 'أحمد' } });
    expect(calls.every((call) => call.method === 'GET' && call.url.pathname === '/api/Student/profile')).toBe(
      true,
    );
    // Served: the notice is taken down.
    expect(overloadNotice.get()).toBeNull();
  });

  it(`gives up after ${OVERLOAD_MAX_TRIES} tries with the 503 and its wait, for the screen's own retry`, async () => {
    const calls = stubFetch(() => shed('2'));
    const result = apiRequest('/api/Student/profile').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(60_000);
    const error = await result;

    expect(calls).toHaveLength(OVERLOAD_MAX_TRIES);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503, retryAfterSeconds: 2, message: OVERLOADED_MESSAGE });
    expect(overloadNotice.get()).toMatchObject({ kind: 'refused', seconds: 2 });
    expect(overloadNoticeText('refused', 2)).toBe('الضغط على المنصة كبير الآن، حاول مرة أخرى خلال ثانيتين');
    // TanStack Query does not add a try of its own on top.
    const retry = createQueryClient().getDefaultOptions().queries?.retry as (
      n: number,
      e: unknown,
    ) => boolean;
    expect(retry(0, error)).toBe(false);
    expect(retry(0, new ApiError(503, 'Service Unavailable'))).toBe(true);
    expect(retry(0, new ApiError(500, 'Internal server error'))).toBe(true);
  });

  it(`waits at most ${OVERLOAD_MAX_WAIT_S} s, whatever Retry-After says`, async () => {
    let answers = 0;
    const calls = stubFetch(() => (++answers < 2 ? shed('3600') : envelope(200, null, [])));
    const result = apiRequest('/api/Contact/getAll');
    await vi.advanceTimersByTimeAsync(OVERLOAD_MAX_WAIT_S * 1000 - 1);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    await expect(result).resolves.toMatchObject({ success: true });
  });

  it('is not asked again once the screen has gone (its query was cancelled)', async () => {
    const calls = stubFetch(() => shed('5'));
    const controller = new AbortController();
    const result = apiRequest('/api/Student/profile', { signal: controller.signal }).catch(
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(1_000);
    controller.abort();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(1);
    expect(await result).toMatchObject({ name: 'AbortError' });
  });

  it('is asked only once when the 503 carries no Retry-After (not a shed answer)', async () => {
    const calls = stubFetch(() => envelope(503, 'Service Unavailable'));
    const error = await apiRequest('/api/health').catch((e: unknown) => e);
    expect(calls).toHaveLength(1);
    expect(error).toMatchObject({ status: 503, retryAfterSeconds: null });
    expect(overloadNotice.get()).toBeNull();
  });
});

describe('a change the server shed', () => {
  it('is not re-sent: it fails at once with the calm message and the wait', async () => {
    const calls = stubFetch(() => shed('5'));
    const error = await apiRequest('/api/quizresult/submit', { method: 'POST', json: { lessonId: 1 } }).catch(
      (e: unknown) => e,
    );
    await vi.advanceTimersByTimeAsync(60_000);

    expect(calls).toHaveLength(1);
    expect(error).toMatchObject({ status: 503, retryAfterSeconds: 5 });
    expect(overloadNotice.get()).toMatchObject({ kind: 'refused', seconds: 5 });
    expect(overloadNoticeText('refused', 5)).toBe('الضغط على المنصة كبير الآن، حاول مرة أخرى خلال ٥ ثوانٍ');
    // The screens' own error line (localizeServerMessage) says it in Arabic too.
    expect(localizeServerMessage((error as ApiError).message)).toBe(
      'الضغط على المنصة كبير الآن، حاول مرة أخرى بعد لحظات.',
    );
  });
});
