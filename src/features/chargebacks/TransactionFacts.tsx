import type { TFunction } from '../../i18n/translator';
import type { ChargebackParty, ChargebackTransaction } from '../../../contract/api/chargebacks';
import type { Language } from '../../i18n';
import { formatXof } from '../../i18n/format';
import { formatDateTime } from '../../ui/values';
import { Fact, Facts } from '../../ui/parts';
import { CHARGEBACK_MESSAGES_KEY as K } from './messages';
import { serviceLabel, statusBadge, typeLabel } from './chargeback-labels';

function PartyText({ party, t }: { party: ChargebackParty | null; t: TFunction }) {
  if (!party) return <span className="text-muted">{t(`${K}.tx.none`)}</span>;
  return (
    <>
      <span className="font-medium text-ink">{party.name}</span>
      <span className="block text-xs text-muted tabular-nums">
        {[party.phone, party.number].filter(Boolean).join(' · ')}
      </span>
    </>
  );
}

/** The transaction found: when, what, how much, and between whom. */
export function TransactionFacts({ tx, t, lang }: { tx: ChargebackTransaction; t: TFunction; lang: Language }) {
  return (
    <Facts>
      <Fact label={t(`${K}.tx.date`)}>
        <span className="tabular-nums">{formatDateTime(tx.createdAt)}</span>
      </Fact>
      <Fact label={t(`${K}.tx.kind`)}>
        {typeLabel(t, tx.type)} · {serviceLabel(t, tx.service)}
      </Fact>
      <Fact label={t(`${K}.tx.status`)}>{statusBadge(t, tx.status)}</Fact>
      <Fact label={t(`${K}.tx.amount`)}>
        <span className="font-semibold tabular-nums" data-testid="chargeback-amount">
          {formatXof(tx.amount, lang)}
        </span>
      </Fact>
      <Fact label={t(`${K}.tx.fee`)}>
        <span className="tabular-nums">
          {formatXof(tx.fee, lang)}
          {tx.commission > 0 && ` · ${t(`${K}.tx.commission`)} ${formatXof(tx.commission, lang)}`}
        </span>
      </Fact>
      <Fact label={t(`${K}.tx.from`)}>
        <PartyText party={tx.from} t={t} />
      </Fact>
      <Fact label={t(`${K}.tx.to`)}>
        <PartyText party={tx.to} t={t} />
      </Fact>
    </Facts>
  );
}
