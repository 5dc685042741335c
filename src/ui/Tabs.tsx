import * as Radix from '@radix-ui/react-tabs';
import clsx from 'clsx';
import type { ComponentProps } from 'react';

/**
 * The kit's tabs: Radix Tabs (arrow keys move between tabs and select them, Home and End reach
 * the ends, Tab moves into the panel) in the dashboard's tokens.
 */
export function Tabs({ value, defaultValue, onValueChange, ...props }: ComponentProps<typeof Radix.Root>) {
  return (
    <Radix.Root
      value={value === undefined ? undefined : idPart(value)}
      defaultValue={defaultValue === undefined ? undefined : idPart(defaultValue)}
      onValueChange={onValueChange && ((part) => onValueChange(decodeURIComponent(part)))}
      {...props}
    />
  );
}

/**
 * Radix builds each tab's and panel's id from its value, and a tab names its panel in
 * aria-controls, a list of ids split at spaces: a value such as "Cash in" would name two ids
 * that do not exist. Values are encoded on the way in and decoded on the way out.
 */
const idPart = (value: string) => encodeURIComponent(value);

export function TabList({ className, ...props }: ComponentProps<typeof Radix.List>) {
  return <Radix.List className={clsx('flex gap-1 overflow-x-auto border-b border-line', className)} {...props} />;
}

export function Tab({ className, value, ...props }: ComponentProps<typeof Radix.Trigger>) {
  return (
    <Radix.Trigger
      value={idPart(value)}
      className={clsx(
        '-mb-px inline-flex h-10 shrink-0 items-center gap-2 border-b-2 border-transparent px-3 text-sm font-medium whitespace-nowrap text-muted hover:text-ink disabled:opacity-50 data-[state=active]:border-brand-600 data-[state=active]:text-ink',
        className,
      )}
      {...props}
    />
  );
}

export function TabPanel({ className, value, ...props }: ComponentProps<typeof Radix.Content>) {
  return <Radix.Content value={idPart(value)} className={clsx('pt-4', className)} {...props} />;
}
