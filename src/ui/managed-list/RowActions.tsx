/** The buttons at the end of a managed list's row; each names the row it acts on for a screen reader. */
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import clsx from 'clsx';
import { ChevronDown, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

const ROW_BUTTON =
  'inline-flex h-8 items-center justify-center gap-1 rounded-md border border-edge bg-raised px-2 text-xs font-medium text-ink hover:bg-surface disabled:cursor-not-allowed disabled:opacity-50';

const DANGER = 'border-danger-line text-danger hover:bg-danger-soft';

export function RowButton({
  label,
  name,
  title,
  icon: Icon,
  danger = false,
  disabled = false,
  onClick,
}: {
  /** What the button shows; left out for an icon alone (then `title` says it). */
  label?: ReactNode;
  /** What it does to which row, read by a screen reader. */
  name?: string;
  title?: string;
  icon?: LucideIcon;
  danger?: boolean;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={clsx(ROW_BUTTON, danger && DANGER)}
      aria-label={name}
      title={title}
      disabled={disabled}
      onClick={onClick}
    >
      {Icon && <Icon size={14} aria-hidden />}
      {label}
    </button>
  );
}

export interface RowMenuItem {
  key: string;
  label: string;
  onSelect: () => void;
}

/** The row's less frequent actions, behind one button. */
export function RowMenu({ label, name, items }: { label: string; name: string; items: readonly RowMenuItem[] }) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className={ROW_BUTTON} aria-label={name}>
        {label}
        <ChevronDown size={14} aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-40 min-w-48 rounded-lg border border-line bg-raised p-1 text-sm shadow-overlay"
        >
          {items.map((item) => (
            <DropdownMenu.Item
              key={item.key}
              onSelect={item.onSelect}
              className="cursor-pointer rounded px-2 py-1.5 text-ink outline-none data-[highlighted]:bg-sunken"
            >
              {item.label}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

export function RowActions({ children }: { children: ReactNode }) {
  return <div className="flex flex-wrap items-center gap-2">{children}</div>;
}
