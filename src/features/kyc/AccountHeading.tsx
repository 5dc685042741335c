import { useEffect, useRef } from 'react';

/**
 * The name of the account a KYC view is about, and a line of its details (number, phone…).
 * Opening an account moves focus to its name, as a new page would.
 */
export function AccountHeading({
  id,
  number,
  label,
  details,
  large = false,
}: {
  id: string;
  /** The account's number: focus moves again when another account opens. */
  number: string;
  label: string;
  details: string;
  large?: boolean;
}) {
  const ref = useRef<HTMLHeadingElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each account opened takes focus once.
  useEffect(() => {
    ref.current?.focus();
  }, [number]);
  return (
    <div>
      <h2
        id={id}
        ref={ref}
        tabIndex={-1}
        className={`${large ? 'text-xl' : 'text-lg'} font-semibold text-ink outline-none`}
      >
        {label}
      </h2>
      <p className="text-sm text-muted tabular-nums">{details}</p>
    </div>
  );
}
