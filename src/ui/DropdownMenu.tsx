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

/** `wide` for a menu of long entries (the exports with their progress); `tall` ones scroll. */
export function MenuContent({
  className,
  wide = false,
  ...props
}: ComponentProps<typeof Radix.Content> & { wide?: boolean }) {
  return (
    <Radix.Portal>
      <Radix.Content
        align="end"
        sideOffset={4}
        collisionPadding={8}
        className={clsx(
          'z-40 max-h-[70vh] overflow-y-auto rounded-lg border border-line bg-raised p-1 text-sm shadow-overlay',
          wide ? 'w-[min(24rem,calc(100vw-1rem))]' : 'w-[min(18rem,calc(100vw-1rem))]',
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

/** An item that stays ticked or not (a column shown); the menu stays open to tick several. */
export function MenuCheckboxItem({ className, children, ...props }: ComponentProps<typeof Radix.CheckboxItem>) {
  return (
    <Radix.CheckboxItem
      className={clsx(ITEM_CLASS, 'data-[disabled]:cursor-default data-[disabled]:opacity-50', className)}
      onSelect={(event) => event.preventDefault()}
      {...props}
    >
      <span className="flex size-4 items-center justify-center rounded border border-edge">
        <Radix.ItemIndicator>
          <Check size={12} aria-hidden />
        </Radix.ItemIndicator>
      </span>
      {children}
    </Radix.CheckboxItem>
  );
}

export function MenuLabel({ className, ...props }: ComponentProps<typeof Radix.Label>) {
  return <Radix.Label className={clsx('px-2 py-1.5 text-xs font-semibold text-muted', className)} {...props} />;
}

export function MenuSeparator() {
  return <Radix.Separator className="my-1 h-px bg-line" />;
}
