/**
 * Changes of a managed list that wait for a second person (maker-checker, decision 029): the
 * maker sees them above the list, a checker decides in the approvals inbox (decision 018).
 */
import { Link } from '@tanstack/react-router';
import { Hourglass } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatDateTime } from '../values';

export interface WaitingChange {
  id: number;
  summary: string;
  maker: string;
  /** The caller asked for it: someone else must decide. */
  mine: boolean;
  createdAt: string;
}

export function ChangeRequestNotice({
  id,
  changes,
  title,
  text,
  mineLabel,
  byLabel,
  inbox,
}: {
  /** The heading's id and the section's test id. */
  id: string;
  changes: readonly WaitingChange[];
  title: string;
  text: string;
  mineLabel: string;
  byLabel: (maker: string) => string;
  /** The link to the inbox, for those who may open it. */
  inbox: { path: string; label: string } | null;
}) {
  if (changes.length === 0) return null;
  return (
    <section
      aria-labelledby={id}
      data-testid={id}
      className="mb-4 rounded-lg border border-warning-line bg-warning-soft p-3 text-sm text-ink"
    >
      <h2 id={id} className="flex items-center gap-2 font-semibold">
        <Hourglass size={16} aria-hidden />
        {title}
      </h2>
      <p className="mt-1 text-warning">{text}</p>
      <ul className="mt-2 space-y-1">
        {changes.map((change) => (
          <li key={change.id} className="break-words">
            <span className="font-medium">{change.summary}</span>{' '}
            <span className="text-warning">
              — {change.mine ? mineLabel : byLabel(change.maker)}, {formatDateTime(change.createdAt)}
            </span>
          </li>
        ))}
      </ul>
      {inbox && (
        <Link to={inbox.path} className="mt-2 inline-block font-medium underline">
          {inbox.label}
        </Link>
      )}
    </section>
  );
}

/** In a form: this change will wait for a second person once sent. */
export function WaitsForSecondPerson({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="rounded-md bg-warning-soft p-3 text-sm text-warning ring-1 ring-warning-line">
      {children}
    </p>
  );
}
