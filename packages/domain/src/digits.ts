// Students type on Arabic keyboards, which produce Arabic-Indic digits (U+0660–U+0669) or, on
// Persian/Urdu layouts, Eastern Arabic-Indic digits (U+06F0–U+06F9). Every parser of numbers, codes
// and phone numbers reads them as ASCII digits.
const ARABIC_INDIC_ZERO = 0x0660;
const EASTERN_ARABIC_INDIC_ZERO = 0x06f0;

export function toAsciiDigits(input: string): string {
  return input.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (digit) => {
    const code = digit.charCodeAt(0);
    const zero = code >= EASTERN_ARABIC_INDIC_ZERO ? EASTERN_ARABIC_INDIC_ZERO : ARABIC_INDIC_ZERO;
    return String(code - zero);
  });
}
