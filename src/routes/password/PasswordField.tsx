import { useEffect, useRef } from 'react';

const inputClass =
  'block w-full rounded-md border border-edge bg-raised px-3 py-2 text-ink shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-danger';

/** One password box with its label; shown as text while the user asks to see the passwords. */
export function PasswordField({
  id,
  label,
  value,
  onChange,
  autoComplete,
  show,
  invalid,
  describedBy,
  focusOnArrival,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: string;
  show: boolean;
  invalid: boolean;
  describedBy?: string;
  /** The first field of a page that is only this form. */
  focusOnArrival?: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusOnArrival) input.current?.focus();
  }, [focusOnArrival]);
  return (
    <div className="mb-4">
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink">
        {label}
      </label>
      <input
        ref={input}
        id={id}
        type={show ? 'text' : 'password'}
        autoComplete={autoComplete}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        className={inputClass}
      />
    </div>
  );
}
