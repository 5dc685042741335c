/**
 * Links to one transaction's or one account's page, for every place that shows a reference,
 * an account number or a holder. The page host tells which pages the user may open; where the
 * detail page is not theirs, the value stays plain text.
 */
import { Link } from '@tanstack/react-router';
import { createContext, type ReactNode, useContext } from 'react';

const CanOpenContext = createContext<(path: string) => boolean>(() => false);

export const CanOpenProvider = CanOpenContext.Provider;

export const transactionPath = (reference: string) => `/transactions/${encodeURIComponent(reference)}`;
export const accountPath = (number: string) => `/accounts/${encodeURIComponent(number)}`;

/** A reference or account number (or any text standing for one) that opens its detail page. */
export function DetailLink({
  to,
  children,
  className,
}: {
  /** transactionPath(…), accountPath(…), or a page with a query that opens one item (a bulk page's ?batch=). */
  to: string;
  children: ReactNode;
  className?: string;
}) {
  const canOpen = useContext(CanOpenContext);
  const [path = to, query] = to.split('?');
  if (!canOpen(path)) return <>{children}</>;
  return (
    <Link
      to={path}
      search={(query ? Object.fromEntries(new URLSearchParams(query)) : undefined) as never}
      className={
        className ??
        'font-medium text-accent-strong underline decoration-brand-300 underline-offset-2 hover:text-brand-950 dark:decoration-brand-600 dark:hover:text-brand-100'
      }
    >
      {children}
    </Link>
  );
}
