// Where an open attempt continues after a reload or on another device: one question at a time with
// no going back, so at the first question the saved answers do not cover (the last one when all are).
export function resumeIndex(
  questions: readonly { id: number }[],
  saved: ReadonlyMap<number, number>,
): number {
  const next = questions.findIndex((question) => !saved.has(question.id));
  return next === -1 ? Math.max(0, questions.length - 1) : next;
}
