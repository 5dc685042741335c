import { useEffect, useMemo, useState } from 'react';
import type { listBankOptions } from '../../contract/api/banks';
import type { Bank } from '../api/types';
import { useServices } from '../app/ServicesContext';

/**
 * The bank list every picker reads. It starts from the login's stored bank list and
 * is refreshed from `GET banks/options` when a picker mounts, so a bank added or deactivated on
 * /banks shows (or leaves) without signing in again. If the refresh fails the stored list stays.
 */
export function useBankOptions(stored: readonly Bank[]): readonly Bank[] {
  const services = useServices();
  const [fresh, setFresh] = useState<readonly Bank[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    services.api
      .call<typeof listBankOptions>('GET /banks/options', { signal: controller.signal })
      .then((answer) => {
        if (!controller.signal.aborted) setFresh(answer.banks);
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [services]);
  return fresh ?? stored;
}

/** Pickers for a new operation offer active banks only; stored lists from before carry no flag. */
function activeBanks(banks: readonly Bank[]): readonly Bank[] {
  return banks.filter((b) => b.active !== false);
}

/** The active banks of the fresh list, for a picker that starts a new operation. */
export function useActiveBanks(stored: readonly Bank[]): readonly Bank[] {
  const all = useBankOptions(stored);
  return useMemo(() => activeBanks(all), [all]);
}
