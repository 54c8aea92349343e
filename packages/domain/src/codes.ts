import { toAsciiDigits } from './digits';

/** Printed alphabet without look-alikes: no 0/O and no 1/I/L. 31 symbols. */
export const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
/** 10 symbols of 31 give 10·log2(31) ≈ 49.5 bits, above the 40-bit minimum in RULES.md. */
export const CODE_LENGTH = 10;
export const CODE_ENTROPY_BITS = CODE_LENGTH * Math.log2(CODE_ALPHABET.length);

const GROUP_LENGTH = 5;
// Bytes at or above the largest multiple of 31 that fits in a byte (248) are discarded: keeping them
// would make the first 256 - 248 = 8 symbols more likely than the others (modulo bias).
const BYTE_LIMIT = 256 - (256 % CODE_ALPHABET.length);
const MAX_DRAWS = 100;
const WELL_FORMED = new RegExp(`^[${CODE_ALPHABET}]{${CODE_LENGTH}}$`);

/** 'ABCDE23456' → 'ABCDE-23456', the printed form. */
export function formatCode(normalized: string): string {
  return `${normalized.slice(0, GROUP_LENGTH)}-${normalized.slice(GROUP_LENGTH)}`;
}

/**
 * A new code, uniform over the alphabet. `randomBytes` must be a CSPRNG (node:crypto randomBytes
 * or crypto.getRandomValues); it is passed in so this stays free of platform APIs and testable.
 */
export function generateCode(randomBytes: (n: number) => Uint8Array): string {
  let code = '';
  for (let draw = 0; draw < MAX_DRAWS && code.length < CODE_LENGTH; draw++) {
    const needed = CODE_LENGTH - code.length;
    const bytes = randomBytes(needed);
    if (bytes.length < needed) throw new Error(`randomBytes(${needed}) returned ${bytes.length} bytes`);
    for (const byte of bytes.subarray(0, needed)) {
      if (byte < BYTE_LIMIT) code += CODE_ALPHABET.charAt(byte % CODE_ALPHABET.length);
    }
  }
  // A real CSPRNG rejects 1/32 of bytes; 100 rounds without 10 accepted bytes means a broken source.
  if (code.length < CODE_LENGTH) throw new Error('randomBytes keeps returning rejected bytes');
  return formatCode(code);
}

/** The comparable form: trimmed, ASCII digits, upper case, without spaces or hyphens. */
export function normalizeCode(input: string): string {
  return toAsciiDigits(input)
    .trim()
    .toUpperCase()
    .replace(/[\s\-\u2010-\u2015\u2212]/g, '');
}

export function isWellFormedCode(input: string): boolean {
  return WELL_FORMED.test(normalizeCode(input));
}
