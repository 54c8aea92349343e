// The status line of a unit, from the domain's availability (never recomputed here), and why a
// closed lecture is closed.
import type { UnitAvailability } from '@app/domain';
import { playerMessages } from '../../../i18n/player';

export type AvailabilityTone = 'green' | 'orange' | 'red' | 'permanent';

const t = playerMessages.availability;

export function availabilityText(a: UnitAvailability): { text: string; tone: AvailabilityTone } {
  switch (a.state) {
    case 'permanent':
      return { text: t.permanent, tone: 'permanent' };
    case 'open':
      return { text: t.open(a.daysLeft), tone: a.urgent ? 'orange' : 'green' };
    case 'not-yet':
      return { text: t.notYet(a.daysUntil), tone: 'red' };
    case 'ended':
      return { text: t.ended, tone: 'red' };
    case 'no-enrollment-date':
      return { text: t.noEnrollmentDate, tone: 'red' };
  }
}

export const TONE_CLASS: Record<AvailabilityTone, string> = {
  green: 'text-green-700',
  orange: 'text-orange-700',
  red: 'text-red-700',
  permanent: 'text-green-700',
};

const closed = playerMessages.unitClosed;

/** '٢٤ نوفمبر ٢٠٢٦': a day in the school's time zone, with Arabic-Indic digits. */
function dayInZone(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('ar-EG', {
    numberingSystem: 'arab',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone,
  }).format(instant);
}

/**
 * Why a lecture cannot be opened: ended on its last open day (the window closes at the start of the
 * next local day), opens in N days, or simply unavailable (a deactivated course, no date).
 */
export function closedReason(a: UnitAvailability, timeZone: string): string {
  if (a.state === 'ended') return closed.endedOn(dayInZone(new Date(a.endedAt.getTime() - 1), timeZone));
  if (a.state === 'not-yet') return closed.opensIn(a.daysUntil);
  return closed.unavailable;
}
