import { describe, expect, it } from 'vitest';
import { clockOffsetMs, formatExamClock, formatWait, msUntil } from './exam-time';

describe('exam clock', () => {
  it('writes the time left as mm:ss in Arabic-Indic digits, h:mm:ss from an hour, rounding seconds up', () => {
    expect(formatExamClock(30 * 60_000)).toBe('٣٠:٠٠');
    expect(formatExamClock(29 * 60_000 + 59_001)).toBe('٣٠:٠٠');
    expect(formatExamClock(29 * 60_000 + 59_000)).toBe('٢٩:٥٩');
    expect(formatExamClock(61_000)).toBe('٠١:٠١');
    expect(formatExamClock(1)).toBe('٠٠:٠١');
    expect(formatExamClock(0)).toBe('٠٠:٠٠');
    expect(formatExamClock(-5000)).toBe('٠٠:٠٠');
    expect(formatExamClock(90 * 60_000)).toBe('١:٣٠:٠٠');
  });

  it('counts from the server clock: the offset measured on arrival, whatever the phone shows', () => {
    const phoneAtArrival = Date.parse('2025-03-10T09:30:00Z');
    const offset = clockOffsetMs('2025-03-10T09:40:00Z', phoneAtArrival);
    expect(offset).toBe(600_000);
    // Thirty minutes after the server's now, read a second later on the phone.
    expect(msUntil('2025-03-10T10:10:00Z', offset, phoneAtArrival + 1000)).toBe(30 * 60_000 - 1000);
    expect(clockOffsetMs('not a date', phoneAtArrival)).toBe(0);
  });

  it('writes a wait of a day or more in days and hours', () => {
    expect(formatWait(5 * 60_000)).toBe('٠٥:٠٠');
    expect(formatWait(3 * 86_400_000 + 2 * 3_600_000)).toBe('٣ أيام وساعتان');
  });
});
