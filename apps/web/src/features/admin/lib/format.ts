// Dates, numbers and scores as the admin screens show them: Arabic-Indic digits throughout (the
// domain's toArabicDigits; Intl pinned to the 'arab' numbering system, as the domain's prices are).
import { minutesLabelAr, secondsLabelAr, toArabicDigits } from '@app/domain';

const DAY = { numberingSystem: 'arab', day: 'numeric', month: 'long', year: 'numeric' } as const;
const DATE_TIME = new Intl.DateTimeFormat('ar-EG', { ...DAY, hour: 'numeric', minute: '2-digit' });
const DATE = new Intl.DateTimeFormat('ar-EG', DAY);

function parse(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '١٥ سبتمبر ٢٠٢٥، ٣:٠٥ م'; '—' when there is no date. */
export function formatDateTime(iso: string | null | undefined): string {
  const date = parse(iso);
  return date ? DATE_TIME.format(date) : '—';
}

export function formatDate(iso: string | null | undefined): string {
  const date = parse(iso);
  return date ? DATE.format(date) : '—';
}

/** A score or average in percent, rounded to one decimal: '٨٧٫٥٪'. */
export function formatScore(score: number | null): string {
  if (score === null) return '—';
  const rounded = Math.round(score * 10) / 10;
  return `${toArabicDigits(String(rounded).replace('.', '٫'))}٪`;
}

/** How long a quiz attempt took, in minutes and seconds: 'دقيقتان و٣٠ ثانية', '٤٥ ثانية'; '—' for none. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return '—';
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  if (minutes === 0) return secondsLabelAr(rest);
  return rest === 0 ? minutesLabelAr(minutes) : `${minutesLabelAr(minutes)} و${secondsLabelAr(rest)}`;
}
