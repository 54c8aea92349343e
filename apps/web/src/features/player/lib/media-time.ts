// Media times as m:ss (or h:mm:ss) with Arabic-Indic digits.
import { toArabicDigits } from '@app/domain';

export function formatMediaTime(seconds: number): string {
  const whole = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  const mmss = `${h > 0 ? String(m).padStart(2, '0') : m}:${String(s).padStart(2, '0')}`;
  return toArabicDigits(h > 0 ? `${h}:${mmss}` : mmss);
}
