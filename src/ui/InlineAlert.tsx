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
      className={`rounded-md bg-red-50 px-3 py-2 text-sm text-red-700 ring-1 ring-red-200 ${className}`.trim()}
    >
      {children}
    </p>
  );
}
