/** The parts of a quote or receipt an agent checks: whose till it is, and how its balance changes. */
import type { TransferParty, TransferQuote } from '../../../contract/api/transfers';
import type { Language } from '../../i18n';
import { formatXof } from '../../i18n/format';
import { useTranslation } from '../../i18n/react';
import { PartyText } from '../../ui/parts';

/** A party; the caller's own till is named as a till, with the person operating it. */
export function PartyOrTill({ party }: { party: TransferParty }) {
  const { t } = useTranslation();
  if (!party.operator) return <PartyText party={party} />;
  const details = [party.phone, party.number].filter(Boolean).join(' · ');
  return (
    <>
      <span className="font-medium text-ink">{t('transfers.tillOf', { name: party.name })}</span>
      <span className="block text-sm text-ink">{t('transfers.operatedBy', { name: party.operator })}</span>
      {details && <span className="block text-xs text-muted tabular-nums">{details}</span>}
    </>
  );
}

type Money = Pick<TransferQuote, 'source' | 'destination' | 'amount' | 'fee' | 'commission'>;

/**
 * What the transfer does to the caller's own till, line by line: paid out (amount and fee) when
 * the till is debited, received when it is credited, and the commission the agent earns on it.
 * Null when the caller has no till in it, or may not see its balance.
 */
export function tillChange(money: Money) {
  const debited = money.source.operator !== undefined;
  const till = debited ? money.source : money.destination.operator !== undefined ? money.destination : null;
  if (!till || till.balance === undefined) return null;
  const lines = debited
    ? [
        { key: 'amountOut', sign: -1, value: money.amount },
        { key: 'fee', sign: -1, value: money.fee },
      ]
    : [{ key: 'amount', sign: 1, value: money.amount }];
  if (money.commission > 0) lines.push({ key: 'commission', sign: 1, value: money.commission });
  const change = lines.reduce((sum, l) => sum + l.sign * l.value, 0);
  return { balance: till.balance, lines, change };
}

/** The till's balance, each line in or out, and the balance they add up to. */
export function BalanceSum({ before, lines, lang }: { before: number; lines: TillLine[]; lang: Language }) {
  const { t } = useTranslation();
  const xof = (n: number) => formatXof(n, lang);
  const after = lines.reduce((sum, l) => sum + l.sign * l.value, before);
  return (
    <section aria-label={t('transfers.sum')} className="mt-4 rounded-md bg-surface p-3" data-testid="balance-sum">
      <h3 className="text-xs font-medium tracking-wide text-muted uppercase">{t('transfers.sum')}</h3>
      <dl className="mt-1 space-y-1 text-sm">
        <SumLine label={t('transfers.balanceNow')} value={xof(before)} />
        {lines.map((l) => (
          <SumLine key={l.key} label={t(`transfers.${l.key}`)} value={`${l.sign < 0 ? '−' : '+'} ${xof(l.value)}`} />
        ))}
        <SumLine label={t('transfers.balanceAfter')} value={xof(after)} strong />
      </dl>
    </section>
  );
}

type TillLine = { key: string; sign: number; value: number };

function SumLine({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-4 ${strong ? 'border-t border-edge pt-1 font-semibold' : ''}`}>
      <dt className="text-ink">{label}</dt>
      <dd className="text-ink tabular-nums">{value}</dd>
    </div>
  );
}
