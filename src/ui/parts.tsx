/** Small pieces shared by the transfer and authorize pages. */
import clsx from 'clsx';
import { TriangleAlert } from 'lucide-react';
import type { ReactNode, Ref } from 'react';
import { useTranslation } from '../i18n/react';
import type { TransferParty } from '../../contract/api/transfers';
import type { RequestFailure } from './failure';
import { BUTTON_BASE, BUTTON_MD, BUTTON_PRIMARY, BUTTON_SECONDARY } from './button-classes';

export const INPUT_CLASS =
  'h-10 w-full rounded-md border border-edge bg-raised px-3 text-base text-ink shadow-sm aria-[invalid=true]:border-danger aria-[invalid=true]:ring-1 aria-[invalid=true]:ring-danger disabled:bg-sunken';
// The Button's own looks (button-classes.ts), for the pages that style a <button> or a link with a class.
export const PRIMARY_BUTTON = `${BUTTON_BASE} ${BUTTON_MD} ${BUTTON_PRIMARY}`;
export const SECONDARY_BUTTON = `${BUTTON_BASE} ${BUTTON_MD} ${BUTTON_SECONDARY}`;

/** A labelled control with its hint and its error, wired for screen readers by id. */
export function Field({
  id,
  label,
  hint,
  error,
  optional,
  children,
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  optional?: boolean;
  children: (described: { 'aria-describedby'?: string; 'aria-invalid': boolean }) => ReactNode;
}) {
  const { t } = useTranslation();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
        {optional && <span className="font-normal text-muted"> ({t('transfers.optional')})</span>}
      </label>
      {children({ 'aria-describedby': describedBy || undefined, 'aria-invalid': Boolean(error) })}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

/** A party as the reviewer recognises it: the name the server resolved, its phone and number. */
export function PartyText({ party, clip = false }: { party: TransferParty; clip?: boolean }) {
  const details = [party.phone, party.number].filter(Boolean).join(' · ');
  if (clip) {
    // In a table: each line cut to the column's width, the whole of it in the title.
    return (
      <span
        className="block max-w-[calc(var(--table-clip,5rem)+3rem)]"
        title={[party.name, details].filter(Boolean).join(' · ')}
      >
        <span className="block truncate font-medium text-ink">{party.name}</span>
        {details && <span className="block truncate text-xs text-muted tabular-nums">{details}</span>}
      </span>
    );
  }
  return (
    <>
      <span className="font-medium text-ink">{party.name}</span>
      {details && <span className="block text-xs text-muted tabular-nums">{details}</span>}
    </>
  );
}

/** The server's refusal (or the lack of an answer), in place; focusable so focus can move to it. */
export function FailureAlert({
  failure,
  children,
  ref,
}: {
  failure: RequestFailure;
  children?: ReactNode;
  ref?: Ref<HTMLDivElement>;
}) {
  const { t } = useTranslation();
  return (
    <div
      ref={ref}
      role="alert"
      tabIndex={-1}
      className="flex items-start gap-3 rounded-lg border border-danger-line bg-danger-soft p-4 text-sm text-danger outline-none focus:ring-2 focus:ring-danger"
    >
      <TriangleAlert size={18} aria-hidden className="mt-0.5 shrink-0" />
      <div className="flex-1 space-y-2">
        <p>{failure.network ? t('transfers.networkError') : failure.message}</p>
        {children}
      </div>
    </div>
  );
}

/** Label / value rows of a review or a receipt. */
export function Facts({ children, className }: { children: ReactNode; className?: string }) {
  return <dl className={clsx('divide-y divide-line', className)}>{children}</dl>;
}

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-1 gap-1 py-2 sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="text-sm text-ink sm:col-span-2">{children}</dd>
    </div>
  );
}
