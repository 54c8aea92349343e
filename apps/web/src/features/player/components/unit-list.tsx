// The course player's curriculum: units (number, name, lesson count, availability in colour) that
// expand to their lessons. A unit that is not open is disabled with a lock icon (a tap says why).
import { lockedFlags, toArabicDigits, type LessonPosition } from '@app/domain';
import { useState } from 'react';
import { playerMessages } from '../../../i18n/player';
import { availabilityText, TONE_CLASS } from '../lib/availability-text';
import type { OutlineUnit } from '../lib/outline';
import { ChevronIcon, LockIcon } from './icons';
import { LessonList } from './lesson-list';

const t = playerMessages.sidebar;

type Props = {
  units: readonly OutlineUnit[];
  position: LessonPosition;
  onSelect: (pos: LessonPosition) => void;
  /** A tap on a unit that is not open. */
  onLockedUnit: (unitIndex: number) => void;
};

export function UnitList({ units, position, onSelect, onLockedUnit }: Props) {
  // The open lesson's unit is expanded unless the student folds it; others expand on demand.
  const [overrides, setOverrides] = useState<ReadonlyMap<number, boolean>>(() => new Map());
  const isExpanded = (index: number) => overrides.get(index) ?? index === position.unitIndex;
  const toggle = (index: number) =>
    setOverrides((previous) => new Map(previous).set(index, !isExpanded(index)));

  if (units.length === 0)
    return <p className="p-4 text-sm text-slate-600">{playerMessages.selection.noUnits}</p>;

  return (
    <ol className="divide-y divide-slate-100">
      {units.map((unit, unitIndex) => {
        const status = availabilityText(unit.availability);
        const open = unit.accessible && isExpanded(unitIndex);
        const isCurrentUnit = unitIndex === position.unitIndex;
        const listId = `unit-${unit.id}-lessons`;
        return (
          <li key={unit.id} className="px-2 py-2">
            <button
              type="button"
              // aria-disabled rather than disabled: a tap on a closed unit says when it opens or why not.
              aria-disabled={!unit.accessible || undefined}
              aria-expanded={unit.accessible ? open : undefined}
              aria-controls={unit.accessible ? listId : undefined}
              onClick={() => (unit.accessible ? toggle(unitIndex) : onLockedUnit(unitIndex))}
              className="flex w-full items-start gap-3 rounded-xl px-2 py-2 text-start hover:bg-slate-50 aria-disabled:cursor-not-allowed aria-disabled:hover:bg-transparent"
            >
              <span
                className={`grid size-9 shrink-0 place-items-center rounded-full text-sm font-bold ${
                  unit.accessible ? 'bg-brand-100 text-brand-800' : 'bg-slate-100 text-slate-500'
                }`}
              >
                {unit.accessible ? toArabicDigits(unitIndex + 1) : <LockIcon className="size-4" />}
              </span>
              <span className="min-w-0 flex-1">
                <span className="block text-xs font-semibold text-slate-500">
                  {t.unitNumber(unitIndex + 1)}
                </span>
                <span
                  className={`block font-bold break-words ${unit.accessible ? 'text-slate-900' : 'text-slate-500'}`}
                >
                  {unit.unitName}
                </span>
                <span className="mt-0.5 flex flex-wrap gap-x-2 text-xs">
                  <span className="text-slate-600">{t.lessonCount(unit.lessons.length)}</span>
                  <span className={`font-semibold ${TONE_CLASS[status.tone]}`}>{status.text}</span>
                  {!unit.accessible ? <span className="sr-only">{t.locked}</span> : null}
                </span>
              </span>
              {unit.accessible ? (
                <ChevronIcon
                  className={`mt-2 size-4 shrink-0 text-slate-500 transition-transform ${open ? 'rotate-180' : ''}`}
                />
              ) : null}
            </button>
            {open ? (
              <div id={listId} className="mt-1 ps-2">
                <LessonList
                  lessons={unit.lessons}
                  locked={lockedFlags(
                    unit.lessons,
                    isCurrentUnit ? { currentIndex: position.lessonIndex } : undefined,
                  )}
                  currentIndex={isCurrentUnit ? position.lessonIndex : null}
                  marks="player"
                  onSelect={(lessonIndex) => onSelect({ unitIndex, lessonIndex })}
                />
              </div>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
