/**
 * round-half-up(100 · part / whole) in exact integer arithmetic, so halves such as 1/8 = 12.5 %
 * always round up instead of depending on how a floating-point division lands:
 * floor(100·part/whole + 1/2) = floor((200·part + whole) / (2·whole)), and the floor is taken by
 * subtracting the remainder, which is exact for safe integers.
 */
export function roundedPercent(part: number, whole: number): number {
  if (!Number.isInteger(part) || !Number.isInteger(whole) || part < 0 || part > whole) {
    throw new RangeError(`expected integers 0 <= part <= whole, got ${part}/${whole}`);
  }
  if (whole === 0) return 0;
  const numerator = 200 * part + whole;
  if (!Number.isSafeInteger(numerator)) throw new RangeError(`too large: ${part}/${whole}`);
  const denominator = 2 * whole;
  return (numerator - (numerator % denominator)) / denominator;
}
