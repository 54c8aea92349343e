// PUT /api/Student/quizattempt/answers : merges chosen answers into the open attempt's saved ones and
// answers the deadline and the server's clock. useAnswerSaver sends each choice at once through an
// AnswerSaver (one save in flight, quiet retries, 409 at the deadline).
import { SavedAnswersResponse } from '@app/contract';
import { useEffect, useRef, useState } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { AnswerSaver, type SavedAnswer, type SaveReply, type SaverEvents } from '../lib/exam-answer-saver';

export async function saveAnswers(lessonId: number, answers: SavedAnswer[]): Promise<SaveReply> {
  const body = await apiRequest('/api/Student/quizattempt/answers', {
    method: 'PUT',
    json: { lessonId, answers },
    schema: SavedAnswersResponse,
  });
  if (!body.data) throw new Error('The answers were not saved');
  return body.data;
}

/** Saves answers as they are chosen while mounted; `failing` while saving keeps failing. */
export function useAnswerSaver(lessonId: number, events: Omit<SaverEvents, 'onFailing'>) {
  const [failing, setFailing] = useState(false);
  const eventsRef = useRef(events);
  const saverRef = useRef<AnswerSaver | null>(null);
  useEffect(() => {
    eventsRef.current = events;
  });
  useEffect(() => {
    const saver = new AnswerSaver((answers) => saveAnswers(lessonId, answers), {
      onSaved: (reply, receivedAt) => eventsRef.current.onSaved(reply, receivedAt),
      onTimeOver: (result) => eventsRef.current.onTimeOver(result),
      onClosed: () => eventsRef.current.onClosed(),
      onFailing: setFailing,
    });
    saverRef.current = saver;
    return () => saver.stop();
  }, [lessonId]);
  return {
    save: (questionId: number, answerId: number) => saverRef.current?.save(questionId, answerId),
    /** Stops saving (the attempt is being submitted with every answer, or is over). */
    stop: () => saverRef.current?.stop(),
    failing,
  };
}
