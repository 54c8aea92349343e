// An ordered list the admin rearranges by dragging a row's handle (native HTML5 drag and drop) or
// with its 'move up' / 'move down' buttons. The new order shows at once and is sent as the full list
// of ids; a failure puts the old order back and says so. Moves are announced, and after a keyboard
// move the focus stays on the moved row's button.
import { useEffect, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';
import { adminMessages } from '../../../i18n/admin';
import { rowButton } from './button-styles';

const t = adminMessages.editor;

type Item = { id: number; name: string };
type Direction = 'up' | 'down';

export function ReorderableList<T extends Item>({
  items,
  label,
  onReorder,
  children,
}: {
  items: readonly T[];
  label: string;
  onReorder: (ids: number[]) => Promise<unknown>;
  /** The row's content; `controls` are its drag handle and move buttons. */
  children: (item: T, index: number, controls: ReactNode) => ReactNode;
}) {
  const basis = items.map((item) => item.id).join(',');
  const [pending, setPending] = useState<{ basis: string; ids: number[] } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [failed, setFailed] = useState(false);
  const [dragging, setDragging] = useState<number | null>(null);
  const focusAfter = useRef<{ id: number; direction: Direction } | null>(null);
  const listRef = useRef<HTMLOListElement>(null);

  const byId = new Map(items.map((item) => [item.id, item]));
  const ordered =
    pending && pending.basis === basis
      ? pending.ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []))
      : [...items];

  useEffect(() => {
    const target = focusAfter.current;
    if (!target || !listRef.current) return;
    focusAfter.current = null;
    const row = listRef.current.querySelector(`:scope > li[data-id="${target.id}"]`);
    const same = row?.querySelector<HTMLButtonElement>(`[data-move="${target.direction}"]`);
    const other = row?.querySelector<HTMLButtonElement>(
      `[data-move="${target.direction === 'up' ? 'down' : 'up'}"]`,
    );
    (same && !same.disabled ? same : other)?.focus();
  });

  function move(from: number, to: number) {
    if (to < 0 || to >= ordered.length || from === to) return;
    const ids = ordered.map((item) => item.id);
    const [id] = ids.splice(from, 1);
    ids.splice(to, 0, id!);
    const moved = ordered[from]!;
    setPending({ basis, ids });
    setFailed(false);
    setAnnouncement(t.moved(moved.name, to + 1, ids.length));
    onReorder(ids).catch(() => {
      setPending(null);
      setFailed(true);
      setAnnouncement('');
    });
  }

  function onDrop(event: DragEvent, to: number) {
    if (dragging === null) return;
    event.preventDefault();
    event.stopPropagation();
    const from = ordered.findIndex((item) => item.id === dragging);
    setDragging(null);
    move(from, to);
  }

  return (
    <div>
      {failed ? <Alert tone="error">{t.reorderFailed}</Alert> : null}
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      <ol ref={listRef} aria-label={label} className="space-y-3">
        {ordered.map((item, index) => {
          const controls = (
            <div className="flex shrink-0 items-center gap-1">
              <span
                draggable
                onDragStart={(event) => {
                  event.stopPropagation();
                  event.dataTransfer.effectAllowed = 'move';
                  event.dataTransfer.setData('text/plain', String(item.id));
                  setDragging(item.id);
                }}
                onDragEnd={() => setDragging(null)}
                title={t.dragHandle(item.name)}
                aria-hidden="true"
                className="inline-flex size-10 cursor-grab items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 active:cursor-grabbing"
              >
                <svg viewBox="0 0 24 24" className="size-5" fill="currentColor">
                  <circle cx="9" cy="6" r="1.6" />
                  <circle cx="15" cy="6" r="1.6" />
                  <circle cx="9" cy="12" r="1.6" />
                  <circle cx="15" cy="12" r="1.6" />
                  <circle cx="9" cy="18" r="1.6" />
                  <circle cx="15" cy="18" r="1.6" />
                </svg>
              </span>
              <MoveButton
                direction="up"
                label={t.moveUp(item.name)}
                disabled={index === 0}
                onClick={() => {
                  focusAfter.current = { id: item.id, direction: 'up' };
                  move(index, index - 1);
                }}
              />
              <MoveButton
                direction="down"
                label={t.moveDown(item.name)}
                disabled={index === ordered.length - 1}
                onClick={() => {
                  focusAfter.current = { id: item.id, direction: 'down' };
                  move(index, index + 1);
                }}
              />
            </div>
          );
          return (
            <li
              key={item.id}
              data-id={item.id}
              onDragOver={(event) => {
                if (dragging === null) return;
                event.preventDefault();
                event.stopPropagation();
              }}
              onDrop={(event) => onDrop(event, index)}
              className={dragging === item.id ? 'opacity-50' : undefined}
            >
              {children(item, index, controls)}
            </li>
          );
        })}
      </ol>
    </div>
  );
}

function MoveButton({
  direction,
  label,
  disabled,
  onClick,
}: {
  direction: Direction;
  label: string;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      data-move={direction}
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
      className={rowButton()}
    >
      <svg
        viewBox="0 0 24 24"
        className="size-5"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d={direction === 'up' ? 'M12 19V5M5 12l7-7 7 7' : 'M12 5v14M19 12l-7 7-7-7'} />
      </svg>
    </button>
  );
}
