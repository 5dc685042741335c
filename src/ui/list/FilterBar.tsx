/**
 * The filter bar above a list: a named form whose fields wrap on a phone. A choice applies at
 * once; typed text goes on Enter or the button (one request on a slow link, not one a keystroke).
 */
import clsx from 'clsx';
import { Search } from 'lucide-react';
import { type ComponentProps, type ReactNode, useId } from 'react';
import { BUTTON_BASE, BUTTON_SECONDARY } from '../button-classes';
import { CONTROL_CLASS } from '../DateRangeControl';

const FILTER_LABEL = 'text-xs font-medium text-muted';

export function FilterBar({
  label,
  onSubmit,
  className = 'mb-4',
  children,
}: {
  label: string;
  onSubmit: () => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <form
      aria-label={label}
      noValidate
      className={clsx(
        'flex flex-wrap items-end gap-3 rounded-lg border border-line bg-raised p-3 shadow-sm',
        className,
      )}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}

/** A labelled field of a filter bar: full width on a phone, `width` (a Tailwind class) from `sm` on. */
export function FilterField({
  id,
  label,
  width = 'sm:w-44',
  children,
}: {
  id: string;
  label: string;
  width?: string;
  children: ReactNode;
}) {
  return (
    <div className={clsx('flex w-full flex-col gap-1', width)}>
      <label htmlFor={id} className={FILTER_LABEL}>
        {label}
      </label>
      {children}
    </div>
  );
}

export interface Choice {
  value: string;
  label: string;
}

/** A labelled select whose choice applies at once. */
export function SelectFilter({
  label,
  value,
  choices,
  width,
  onChange,
}: {
  label: string;
  value: string;
  choices: readonly Choice[];
  width?: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <FilterField id={id} label={label} width={width}>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={CONTROL_CLASS}>
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </FilterField>
  );
}

/**
 * A secondary button as tall as the filter bar's fields (between the Button's two sizes), so
 * it lines up with them: a bar's Apply, Search or Clear.
 */
export function FilterButton({ type = 'button', className, ...props }: ComponentProps<'button'>) {
  return (
    <button type={type} {...props} className={clsx(BUTTON_BASE, BUTTON_SECONDARY, 'h-9 shrink-0 px-3', className)} />
  );
}

/** The submit button of a filter bar; on a phone, `compact` shows only its icon. */
export function SearchButton({ label, compact = false }: { label: string; compact?: boolean }) {
  return (
    <FilterButton type="submit">
      <Search size={16} aria-hidden />
      {compact ? <span className="sr-only sm:not-sr-only">{label}</span> : label}
    </FilterButton>
  );
}

/**
 * A labelled text field of a filter bar (it applies with the form); `button`, when given,
 * stands right of the input. Other props go to the input.
 */
export function TextFilter({
  label,
  onChange,
  width = 'sm:w-64',
  type = 'search',
  maxLength = 80,
  button,
  ...input
}: Omit<ComponentProps<'input'>, 'id' | 'onChange' | 'className' | 'type'> & {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The field's width from `sm` on (a Tailwind class). */
  width?: string;
  type?: 'search' | 'text';
  button?: ReactNode;
}) {
  const id = useId();
  const control = (
    <input
      {...input}
      id={id}
      type={type}
      maxLength={maxLength}
      onChange={(e) => onChange(e.target.value)}
      className={CONTROL_CLASS}
    />
  );
  return (
    <FilterField id={id} label={label} width={width}>
      {button ? (
        <div className="flex gap-2">
          {control}
          {button}
        </div>
      ) : (
        control
      )}
    </FilterField>
  );
}
