/** The `data` of an envelope the contract says is there; a null answer is an error, not a blank. */
export function unwrap<T>(body: { data: T | null }): T {
  if (body.data === null) throw new Error('The server answered without data');
  return body.data;
}
