// WAI-ARIA tabs: role=tablist/tab/tabpanel, one tab in the Tab order (roving tabindex), arrow keys
// move and select (mirrored in right-to-left text: ArrowLeft goes to the next tab), Home and End
// jump to the ends. Inactive panels stay in the page, hidden.
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export type TabItem = { id: string; label: string; panel: ReactNode };

export function Tabs({ label, tabs, defaultTab }: { label: string; tabs: TabItem[]; defaultTab?: string }) {
  const baseId = useId();
  const [selected, setSelected] = useState(defaultTab ?? tabs[0]?.id);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  function select(index: number) {
    const tab = tabs[index];
    if (!tab) return;
    setSelected(tab.id);
    refs.current[index]?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const rtl = (event.currentTarget.closest('[dir]')?.getAttribute('dir') ?? 'rtl') === 'rtl';
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
    const backward = rtl ? 'ArrowRight' : 'ArrowLeft';
    const last = tabs.length - 1;
    let target: number | null = null;
    if (event.key === forward) target = index === last ? 0 : index + 1;
    else if (event.key === backward) target = index === 0 ? last : index - 1;
    else if (event.key === 'Home') target = 0;
    else if (event.key === 'End') target = last;
    if (target === null) return;
    event.preventDefault();
    select(target);
  }

  return (
    <div>
      <div role="tablist" aria-label={label} className="flex gap-1 border-b border-slate-200">
        {tabs.map((tab, index) => {
          const active = tab.id === selected;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                refs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab.id}`}
              aria-selected={active}
              aria-controls={`${baseId}-panel-${tab.id}`}
              tabIndex={active ? 0 : -1}
              onClick={() => setSelected(tab.id)}
              onKeyDown={(event) => onKeyDown(event, index)}
              className={`-mb-px min-h-11 border-b-4 px-5 py-2 text-base font-bold transition-colors ${
                active
                  ? 'border-brand-700 text-brand-900'
                  : 'border-transparent text-slate-700 hover:text-brand-800'
              }`}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${baseId}-panel-${tab.id}`}
          aria-labelledby={`${baseId}-tab-${tab.id}`}
          hidden={tab.id !== selected}
          tabIndex={0}
          className="pt-6"
        >
          {tab.panel}
        </div>
      ))}
    </div>
  );
}
