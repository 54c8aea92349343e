// A menu of the player's control bar (quality, captions): a 44 px button that says whether it is
// open, and a menu of radio (and checkbox) items drawn over the picture's end side, scrolling when the
// player is small (a phone at 200 % text). Keyboard: Enter or Space opens it on the chosen item, the
// arrows, Home and End move, Enter or Space choose, Escape closes it back to its button, Tab leaves.
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { CheckIcon } from '../icons';

export type MenuChoice = {
  id: string;
  label: string;
  checked: boolean;
  disabled?: boolean;
  /** A checkbox item (an on/off switch) instead of one of a group's radio items. */
  toggle?: boolean;
  onSelect: () => void;
};
export type MenuGroup = { label: string; choices: MenuChoice[] };

const ITEM = '[role^=menuitem]:not([aria-disabled=true])';

export function PlayerMenu({
  label,
  icon,
  groups,
  container,
}: {
  label: string;
  icon: ReactNode;
  groups: MenuGroup[];
  /** The player's region: the menu is drawn in it, over the picture. */
  container: HTMLElement | null;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const items = () => Array.from(menu.current?.querySelectorAll<HTMLElement>(ITEM) ?? []);

  useEffect(() => {
    if (!open) return;
    const list = items();
    (list.find((item) => item.getAttribute('aria-checked') === 'true') ?? list[0])?.focus();
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLElement);
    let next: number;
    switch (event.key) {
      case 'ArrowDown':
        next = (at + 1) % list.length;
        break;
      case 'ArrowUp':
        next = (at - 1 + list.length) % list.length;
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = list.length - 1;
        break;
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        close();
        return;
      case 'Tab':
        setOpen(false);
        return;
      default:
        return;
    }
    // The player's own arrows (seek, volume) stay out of the menu.
    event.preventDefault();
    event.stopPropagation();
    list[next]?.focus();
  };

  const popup = (
    <div
      ref={menu}
      id={id}
      role="menu"
      aria-label={label}
      onKeyDown={onKeyDown}
      className="absolute end-2 bottom-2 z-40 max-h-[calc(100%-1rem)] w-[min(16rem,calc(100%-1rem))] overflow-y-auto rounded-xl bg-black/90 p-1 text-white shadow-lg"
    >
      {groups.map((group) => (
        <div key={group.label} role="group" aria-label={group.label}>
          <p aria-hidden="true" className="px-3 pt-2 pb-1 text-xs font-semibold text-white/70">
            {group.label}
          </p>
          {group.choices.map((choice) => (
            <button
              key={choice.id}
              type="button"
              role={choice.toggle ? 'menuitemcheckbox' : 'menuitemradio'}
              aria-checked={choice.checked}
              aria-disabled={choice.disabled || undefined}
              tabIndex={-1}
              onClick={() => {
                if (choice.disabled) return;
                choice.onSelect();
                close();
              }}
              className="flex min-h-11 w-full items-center gap-2 rounded-lg px-3 text-start text-sm hover:bg-white/15 focus-visible:bg-white/15 focus-visible:outline-2 focus-visible:outline-white aria-disabled:cursor-not-allowed aria-disabled:text-white/50"
            >
              <span className="grid size-5 shrink-0 place-items-center">
                {choice.checked ? <CheckIcon className="size-4" /> : null}
              </span>
              <span dir="auto">{choice.label}</span>
            </button>
          ))}
        </div>
      ))}
    </div>
  );

  return (
    <>
      <button
        ref={button}
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen((value) => !value)}
        className="grid size-11 shrink-0 place-items-center rounded-full text-white hover:bg-white/20 focus-visible:outline-white"
      >
        {icon}
      </button>
      {open && container ? createPortal(popup, container) : null}
    </>
  );
}
