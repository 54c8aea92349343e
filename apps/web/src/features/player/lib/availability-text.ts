// The status line of a unit, from the domain's availability (never recomputed here).
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
