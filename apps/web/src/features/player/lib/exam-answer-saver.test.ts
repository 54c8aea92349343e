import { ATTEMPT_TIME_OVER, NO_OPEN_ATTEMPT } from '@app/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { AnswerSaver, type SavedAnswer, type SaveReply } from './exam-answer-saver';

const REPLY: SaveReply = { deadlineAt: null, serverNow: '2025-03-10T09:40:00Z' };

function deferred() {
  let resolve!: (reply: SaveReply) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<SaveReply>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function setup() {
  const sent: { answers: SavedAnswer[]; reply: ReturnType<typeof deferred> }[] = [];
  const events = { onSaved: vi.fn(), onFailing: vi.fn(), onTimeOver: vi.fn(), onClosed: vi.fn() };
  const saver = new AnswerSaver((answers) => {
    const reply = deferred();
    sent.push({ answers, reply });
    return reply.promise;
  }, events);
  return { saver, sent, events };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('AnswerSaver', () => {
  it('keeps one save in flight and sends the latest choice of each question next', async () => {
    const { saver, sent, events } = setup();
    saver.save(1, 2);
    saver.save(1, 3);
    saver.save(2, 1);
    expect(sent.map((s) => s.answers)).toEqual([[{ questionId: 1, answerId: 2 }]]);
    sent[0]!.reply.resolve(REPLY);
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.answers).toEqual([
      { questionId: 1, answerId: 3 },
      { questionId: 2, answerId: 1 },
    ]);
    sent[1]!.reply.resolve(REPLY);
    await vi.waitFor(() => expect(events.onSaved).toHaveBeenCalledTimes(2));
    expect(sent).toHaveLength(2);
  });

  it('retries a failure after a wait and reports only repeated failures', async () => {
    const { saver, sent, events } = setup();
    saver.save(1, 2);
    sent[0]!.reply.reject(new ApiError(0, 'offline', null, 'ERR_NETWORK'));
    await vi.advanceTimersByTimeAsync(999);
    expect(sent).toHaveLength(1);
    expect(events.onFailing).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(2);
    sent[1]!.reply.reject(new ApiError(503, 'Busy'));
    await vi.waitFor(() => expect(events.onFailing).toHaveBeenCalledWith(true));
    await vi.advanceTimersByTimeAsync(2000);
    sent[2]!.reply.resolve(REPLY);
    await vi.waitFor(() => expect(events.onFailing).toHaveBeenLastCalledWith(false));
    expect(sent[2]!.answers).toEqual([{ questionId: 1, answerId: 2 }]);
  });

  it('stops at a 409: the result when the time is over, else a fresh read of the content', async () => {
    const result = { score: 0, correctCount: 0, total: 1, notes: 'Correct answers: 0/1', review: [] };
    const over = setup();
    over.saver.save(1, 2);
    over.sent[0]!.reply.reject(new ApiError(409, ATTEMPT_TIME_OVER, { data: result }));
    await vi.waitFor(() => expect(over.events.onTimeOver).toHaveBeenCalledWith(result));
    over.saver.save(1, 3);
    expect(over.sent).toHaveLength(1);

    const closed = setup();
    closed.saver.save(1, 2);
    closed.sent[0]!.reply.reject(new ApiError(409, NO_OPEN_ATTEMPT));
    await vi.waitFor(() => expect(closed.events.onClosed).toHaveBeenCalled());
    expect(closed.events.onTimeOver).not.toHaveBeenCalled();
  });
});
