// Completing a video: the server first, then the local marks, the cheer, and the next step —
// at once for 'Complete & Continue', after CELEBRATION_MS for 'I enjoyed the lecture'.
import { CELEBRATION_MS } from '@app/domain';
import type { QueryKey } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useCompleteLesson } from '../api/complete-lesson';
import type { CompleteVia } from '../components/video/video-lesson';

type Options = {
  courseId: number | null;
  progressKeys: QueryKey[];
  celebrate: () => void;
  /** Marks the lesson done on screen before the refetched tree arrives. */
  onCompleted: (lessonId: number) => void;
};

export function useVideoCompletion({ courseId, progressKeys, celebrate, onCompleted }: Options) {
  const { mutateAsync } = useCompleteLesson({ courseId, progressKeys });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const complete = useCallback(
    async (lessonId: number, via: CompleteVia, then: () => void) => {
      await mutateAsync(lessonId);
      onCompleted(lessonId);
      celebrate();
      clearTimeout(timer.current);
      if (via === 'complete') then();
      else timer.current = setTimeout(then, CELEBRATION_MS);
    },
    [mutateAsync, onCompleted, celebrate],
  );
  /** The student chose another lesson meanwhile: the delayed move must not pull them away. */
  const cancelPending = useCallback(() => clearTimeout(timer.current), []);
  return { complete, cancelPending };
}
