import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';

export interface DropdownItem {
  label: string;
  to?: string;
  onSelect?: () => void;
}

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
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
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
      onPointerEnter={(event) => event.pointerType === 'mouse' && setOpen(true)}
      onPointerLeave={(event) => event.pointerType === 'mouse' && setOpen(false)}
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
          onClick={() => setOpen((value) => !value)}
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
                  <Link role="menuitem" to={item.to} className={itemClass} onClick={() => setOpen(false)}>
                    {item.label}
                  </Link>
                ) : (
                  <button
                    role="menuitem"
                    type="button"
                    className={itemClass}
                    onClick={() => {
                      setOpen(false);
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
