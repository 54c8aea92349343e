// The per-course list of completed lesson ids (as strings) kept in this browser, so a completion shows
// at once, before the course tree is fetched again.
import { STORAGE_KEYS, storage } from '../../../lib/storage';

export function readCompletedLessons(courseId: number): Set<string> {
  const stored = storage.getJson<unknown>(STORAGE_KEYS.completedLessons(courseId));
  return new Set(Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : []);
}

export function recordCompletedLesson(courseId: number, lessonId: number): void {
  const ids = readCompletedLessons(courseId);
  ids.add(String(lessonId));
  storage.setJson(STORAGE_KEYS.completedLessons(courseId), [...ids]);
}
