/** The course id of a `/courses/:id` address: a positive whole number, else none. */
export function readCourseId(value: string | undefined): number | null {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
