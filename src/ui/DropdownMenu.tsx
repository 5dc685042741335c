import * as Radix from '@radix-ui/react-dropdown-menu';
import clsx from 'clsx';
import { Check } from 'lucide-react';
import type { ComponentProps } from 'react';

/**
 * The kit's menu: Radix Dropdown Menu (focus moves into it, arrows move between items, Escape
 * and a click outside close it and focus returns to its button) in the dashboard's colours.
 */
export const Menu = Radix.Root;
export const MenuTrigger = Radix.Trigger;
export const MenuRadioGroup = Radix.RadioGroup;

const ITEM_CLASS =
  'flex min-h-10 cursor-pointer items-center gap-2 rounded px-2 text-ink outline-none select-none data-[highlighted]:bg-sunken';

export function MenuContent({ className, ...props }: ComponentProps<typeof Radix.Content>) {
  return (
    <Radix.Portal>
      <Radix.Content
        align="end"
        sideOffset={4}
        collisionPadding={8}
        className={clsx(
          'z-40 w-[min(18rem,calc(100vw-1rem))] rounded-lg border border-line bg-raised p-1 text-sm shadow-overlay',
          className,
        )}
        {...props}
      />
    </Radix.Portal>
  );
}

export function MenuItem({ className, ...props }: ComponentProps<typeof Radix.Item>) {
  return <Radix.Item className={clsx(ITEM_CLASS, className)} {...props} />;
}

export function MenuRadioItem({ className, children, ...props }: ComponentProps<typeof Radix.RadioItem>) {
  return (
    <Radix.RadioItem className={clsx(ITEM_CLASS, className)} {...props}>
      <span className="flex w-4 justify-center">
        <Radix.ItemIndicator>
          <Check size={16} aria-hidden />
        </Radix.ItemIndicator>
      </span>
      {children}
    </Radix.RadioItem>
  );
}

export function MenuLabel({ className, ...props }: ComponentProps<typeof Radix.Label>) {
  return <Radix.Label className={clsx('px-2 py-1.5 text-xs font-semibold text-muted', className)} {...props} />;
}

export function MenuSeparator() {
  return <Radix.Separator className="my-1 h-px bg-line" />;
}
