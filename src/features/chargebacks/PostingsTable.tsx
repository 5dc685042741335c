import type { TFunction } from '../../i18n/translator';
import { useId } from 'react';
import type { ChargebackTransaction } from '../../../contract/api/chargebacks';
import type { Language } from '../../i18n';
import { formatXof } from '../../i18n/format';
import { ScrollRegion } from '../../ui/ScrollRegion';
import { CHARGEBACK_MESSAGES_KEY as K } from './messages';

/** What the transaction did to each account, and what the chargeback will do. */
export function PostingsTable({ tx, t, lang }: { tx: ChargebackTransaction; t: TFunction; lang: Language }) {
  const th = 'px-2 py-2 text-left text-xs font-semibold text-muted sm:px-3';
  const td = 'px-2 py-1.5 text-xs text-ink sm:px-3 sm:text-sm';
  const signed = (amount: number) => `${amount > 0 ? '+' : ''}${formatXof(amount, lang)}`;
  const captionId = useId();
  return (
    <div className="space-y-1">
      <p id={captionId} className="text-xs text-muted">
        {t(`${K}.tx.postingsCaption`)}
      </p>
      <ScrollRegion label={t(`${K}.tx.postings`)} className="relative overflow-x-auto rounded-md border border-line">
        <table className="min-w-full divide-y divide-line" aria-describedby={captionId}>
          <caption className="sr-only">{t(`${K}.tx.postings`)}</caption>
          <thead className="bg-surface">
            <tr>
              <th scope="col" className={th}>
                {t(`${K}.tx.account`)}
              </th>
              <th scope="col" className={`${th} text-right`}>
                {t(`${K}.tx.original`)}
              </th>
              <th scope="col" className={`${th} text-right`}>
                {t(`${K}.tx.reversal`)}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {tx.postings.map((p, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a transaction's entries are fixed; one account may have two.
              <tr key={`${p.number}-${i}`}>
                <td className={td}>
                  <span className="block">{p.name}</span>
                  <span className="text-xs text-muted tabular-nums">{p.number}</span>
                </td>
                <td className={`${td} text-right whitespace-nowrap tabular-nums`}>{signed(p.amount)}</td>
                <td className={`${td} text-right whitespace-nowrap tabular-nums`}>{signed(-p.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </div>
  );
}
