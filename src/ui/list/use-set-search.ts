import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';

/**
 * Replaces the current URL's search (same path and params). The page routes are registered
 * generically, without validateSearch, so their search is free-form.
 * `replace` is for typing (no history entry per keystroke); explicit changes push an entry.
 */
export function useSetSearch() {
  const navigate = useNavigate();
  return useCallback(
    (search: Record<string, string | number>, replace = false) => {
      void navigate({ search: search as never, replace });
    },
    [navigate],
  );
}
