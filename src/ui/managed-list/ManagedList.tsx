/**
 * The frame of a managed list (banks, staff users, banners): the page's add button, its intro,
 * what waits or just happened, the search bar, then the rows, or loading, a failure or "none".
 */
import { Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { ListFrame } from '../list/ListFrame';
import { PRIMARY_BUTTON } from '../parts';

/** The page header's button that opens the create form. */
export function AddButton({ label, disabled, onClick }: { label: string; disabled?: boolean; onClick: () => void }) {
  return (
    <button type="button" className={PRIMARY_BUTTON} disabled={disabled} onClick={onClick}>
      <Plus size={16} aria-hidden />
      {label}
    </button>
  );
}

export function ManagedList({
  intro,
  notices,
  search,
  loading,
  loadingLabel,
  error,
  emptyLabel,
  children,
}: {
  intro: string;
  /** Change requests waiting, a failed action, what the last change did. */
  notices?: ReactNode;
  search?: ReactNode;
  loading: boolean;
  loadingLabel: string;
  error: ReactNode;
  /** Shown when loaded with no row; null otherwise. */
  emptyLabel: string | null;
  children: ReactNode;
}) {
  return (
    <>
      <p className="mb-4 max-w-3xl text-sm text-muted">{intro}</p>
      {notices}
      {search}
      <ListFrame loading={loading} loadingLabel={loadingLabel} error={error} emptyLabel={emptyLabel}>
        {children}
      </ListFrame>
    </>
  );
}
