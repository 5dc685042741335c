import type { ReactNode } from 'react';

/** A short refusal shown in a form or dialog (a server's answer, a request that failed). */
export function InlineAlert({
  id,
  className = '',
  children,
}: {
  id?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <p
      id={id}
      role="alert"
      className={`rounded-md bg-danger-soft px-3 py-2 text-sm text-danger ring-1 ring-danger-line ${className}`.trim()}
    >
      {children}
    </p>
  );
}
