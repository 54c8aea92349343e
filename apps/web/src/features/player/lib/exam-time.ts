// An exam's clock: the server's time read from the phone's clock plus the offset measured when an
// answer carrying `serverNow` arrived (a phone set ten minutes wrong still counts down right), and
// how the time left and an exam's dates are written (Arabic-Indic digits, the school's time zone).
import { formatCountdown, toArabicDigits } from '@app/domain';

const DAY_MS = 86_400_000;

/** The server's clock minus the phone's, from a `serverNow` received at `receivedAt` (phone ms). */
export function clockOffsetMs(serverNow: string, receivedAt: number): number {
  const server = Date.parse(serverNow);
  return Number.isFinite(server) ? server - receivedAt : 0;
}

/** Milliseconds from the server's now (phone clock + offset) until `at`. */
export function msUntil(at: string, offsetMs: number, phoneNow: number): number {
  return Date.parse(at) - (phoneNow + offsetMs);
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * '٢٩:٥٩', or '١:٠٥:٠٠' from an hour up: whole seconds left, rounded up, so '٠٠:٠٠' shows only once
 * the time is over.
 */
export function formatExamClock(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const clock = `${pad(minutes)}:${pad(seconds % 60)}`;
  return toArabicDigits(hours > 0 ? `${hours}:${clock}` : clock);
}

/** The wait until an exam opens: days and hours from a day up, else the clock. */
export function formatWait(ms: number): string {
  return ms >= DAY_MS ? formatCountdown(ms) : formatExamClock(ms);
}

/** 'الاثنين ١٠ مارس ٢٠٢٥، ١١:٣٠ ص': an exam's opening or closing time in the school's time zone. */
export function formatExamDate(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('ar-EG', {
    numberingSystem: 'arab',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(new Date(iso));
}
