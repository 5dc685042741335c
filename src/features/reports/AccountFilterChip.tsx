/**
 * The account filter as a removable chip that names the party, so the reader knows whose
 * wallet the rows are. A party chosen from the suggestions is named at once; an account from
 * a link or a reload is looked up by its number (GET search/parties).
 */
import { X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useServices } from '../../app/ServicesContext';
import { useTranslation } from '../../i18n/react';
import { reportsApi } from './reports-api';
import { IconButton } from '../../ui/IconButton';

const knownNames = new Map<string, string>();

/** The name of a party just chosen, so its chip needs no lookup. */
export function rememberPartyName(number: string, name: string) {
  knownNames.set(number.toUpperCase(), name);
}

function usePartyName(number: string): string | null {
  const { api } = useServices();
  const key = number.toUpperCase();
  const [name, setName] = useState(() => knownNames.get(key) ?? null);
  useEffect(() => {
    const known = knownNames.get(key);
    setName(known ?? null);
    if (known) return;
    const abort = new AbortController();
    reportsApi(api)
      .parties(key, abort.signal)
      .then((parties) => {
        const party = parties.find((p) => p.number === key);
        if (!party) return;
        rememberPartyName(key, party.name);
        setName(party.name);
      })
      // Unnamed, the chip still shows the number.
      .catch(() => undefined);
    return () => abort.abort();
  }, [api, key]);
  return name;
}

export function AccountFilterChip({ number, onRemove }: { number: string; onRemove: () => void }) {
  const { t } = useTranslation();
  const name = usePartyName(number);
  const shown = name ? `${name} · ${number}` : number;
  return (
    <div className="flex flex-col gap-1">
      <span className="text-xs font-medium text-muted">{t('reports.filter.account')}</span>
      <span
        data-testid="account-filter"
        className="inline-flex min-h-9 items-center gap-1 rounded-full border border-brand-300 bg-brand-50 py-1 pr-1 pl-3 text-sm text-ink dark:border-brand-700 dark:bg-brand-950"
      >
        <span className="tabular-nums">{shown}</span>
        <IconButton
          size="sm"
          onClick={onRemove}
          label={t('reports.party.remove', { name: shown })}
          icon={<X size={14} aria-hidden />}
          className="rounded-full"
        />
      </span>
    </div>
  );
}
