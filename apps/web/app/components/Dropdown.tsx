import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';

export interface DropdownItem {
  label: string;
  to?: string;
  onSelect?: () => void;
}

/**
 * How the menu came to be open. A mouse opens it by hovering, and the click that follows the hover
 * (a person aims, then clicks) keeps it open rather than closing it; a second click, Escape, a
 * pointer down elsewhere or, for a menu the hover opened, leaving it closes it. Touch and keyboard
 * open and close it by click (tap, Enter, Space) alone.
 */
type OpenedBy = 'hover' | 'click' | null;

interface DropdownProps {
  /** The visible trigger; the menu opens on hover and on click (for touch and keyboard). */
  trigger: ReactNode;
  triggerLabel: string;
  /** Makes the trigger a link; the menu then opens on hover only. */
  triggerTo?: string;
  items: DropdownItem[];
  align?: 'left' | 'right';
  triggerClassName?: string;
  testId?: string;
}

export function Dropdown({
  trigger,
  triggerLabel,
  triggerTo,
  items,
  align = 'right',
  triggerClassName = '',
  testId,
}: DropdownProps) {
  const [openedBy, setOpenedBy] = useState<OpenedBy>(null);
  const open = openedBy !== null;
  const close = () => setOpenedBy(null);
  const root = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) close();
    };
    const closeOnEscape = (event: KeyboardEvent) => event.key === 'Escape' && close();
    document.addEventListener('pointerdown', closeOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  const itemClass = 'block w-full px-4 py-2 text-left text-sm text-body hover:bg-hover hover:text-accent';
  return (
    <div
      ref={root}
      className="relative"
      data-testid={testId}
      onPointerEnter={(event) => {
        if (event.pointerType === 'mouse') setOpenedBy((by) => by ?? 'hover');
      }}
      onPointerLeave={(event) => {
        if (event.pointerType === 'mouse') setOpenedBy((by) => (by === 'hover' ? null : by));
      }}
    >
      {triggerTo ? (
        <Link to={triggerTo} aria-label={triggerLabel} aria-haspopup="menu" className={triggerClassName}>
          {trigger}
        </Link>
      ) : (
        <button
          type="button"
          aria-haspopup="menu"
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={triggerLabel}
          className={triggerClassName}
          onClick={() => setOpenedBy((by) => (by === 'click' ? null : 'click'))}
        >
          {trigger}
        </button>
      )}
      {open && (
        <div className={`absolute top-full z-50 pt-1 ${align === 'right' ? 'right-0' : 'left-0'}`}>
          <ul
            id={menuId}
            role="menu"
            className="min-w-32 overflow-hidden rounded-md border border-line bg-card py-1 shadow-lg"
          >
            {items.map((item) => (
              <li key={item.label} role="none">
                {item.to ? (
                  <Link role="menuitem" to={item.to} className={itemClass} onClick={() => close()}>
                    {item.label}
                  </Link>
                ) : (
                  <button
                    role="menuitem"
                    type="button"
                    className={itemClass}
                    onClick={() => {
                      close();
                      item.onSelect?.();
                    }}
                  >
                    {item.label}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
