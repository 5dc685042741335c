import { useTranslation } from '../../i18n/react';
import type { TransferOptions } from '../../../contract/api/transfers';
import type { TransferFlowDef } from '../../../contract/transfers';
import type { Language } from '../../i18n';
import { formatXof } from '../../i18n/format';
import { PartyOrTill } from './MoneyFacts';

/** The caller's own account and balance, above the form of a flow that debits it. */
export function OwnAccount({ options, lang }: { options: TransferOptions; lang: Language }) {
  const { t } = useTranslation();
  const own = options.ownAccount;
  if (!own) return null;
  return (
    <section
      aria-label={t('transfers.yourAccount')}
      className="flex flex-wrap items-baseline justify-between gap-2 rounded-lg border border-accent-line bg-accent-soft p-4"
    >
      <p className="text-sm">
        <span className="block text-xs font-medium tracking-wide text-muted uppercase">
          {t('transfers.yourAccount')}
        </span>
        <PartyOrTill party={own} />
      </p>
      {own.balance !== undefined && (
        <p className="text-right">
          <span className="block text-xs font-medium tracking-wide text-muted uppercase">
            {t('transfers.yourBalance')}
          </span>
          <span className="text-xl font-semibold text-accent-strong tabular-nums" data-testid="own-balance">
            {formatXof(own.balance, lang)}
          </span>
        </p>
      )}
    </section>
  );
}

/** When the transfer will wait for a second person: always for some flows, above a threshold for the rest. */
export function ApprovalNotice({
  flow,
  options,
  lang,
}: {
  flow: TransferFlowDef;
  options: TransferOptions | null;
  lang: Language;
}) {
  const { t } = useTranslation();
  const text = flow.alwaysNeedsApproval
    ? t('transfers.approval.always')
    : options
      ? t('transfers.approval.above', { threshold: formatXof(options.approvalThreshold, lang) })
      : null;
  return text ? <p className="text-sm text-muted">{text}</p> : null;
}
