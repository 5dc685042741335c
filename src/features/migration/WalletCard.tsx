import type { TFunction } from '../../i18n/translator';
import { useEffect, useRef } from 'react';
import type { MigrationWallet } from '../../../contract/api/wallet-migrations';
import type { Language } from '../../i18n';
import { Badge, formatDateTime } from '../../ui/values';
import { accountStatusLabel, kycStatusLabel } from '../../ui/kyc-labels';
import { Button } from '../../ui/Button';
import { Fact, Facts } from '../../ui/parts';
import { MigrationBlockers } from './MigrationBlockers';
import { categoryLabel, kindLabel } from './migration-view';
import { MIGRATION_MESSAGES_KEY as K } from './messages';

/** The wallet found, with what stands in the way of a migration, and a way back to the search. */
export function WalletCard({
  wallet,
  lang,
  t,
  onChange,
}: {
  wallet: MigrationWallet;
  lang: Language;
  t: TFunction;
  onChange: () => void;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const none = t(`${K}.wallet.none`);
  return (
    <section
      aria-labelledby="migration-wallet-title"
      className="space-y-3 rounded-lg border border-line bg-raised p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2
          id="migration-wallet-title"
          ref={headingRef}
          tabIndex={-1}
          className="text-lg font-semibold text-ink outline-none"
        >
          {t(`${K}.wallet.title`)}
        </h2>
        <Button variant="secondary" onClick={onChange}>
          {t(`${K}.find.change`)}
        </Button>
      </div>
      <Facts>
        <Fact label={t(`${K}.wallet.name`)}>
          <span className="font-medium" data-testid="migration-wallet-name">
            {wallet.name}
          </span>
        </Fact>
        <Fact label={t(`${K}.wallet.number`)}>
          <span className="tabular-nums">{wallet.number}</span>
        </Fact>
        <Fact label={t(`${K}.wallet.type`)}>
          <span data-testid="migration-wallet-kind">{kindLabel(t, wallet.kind)}</span>
        </Fact>
        <Fact label={t(`${K}.wallet.phone`)}>
          <span className="tabular-nums" data-testid="migration-wallet-phone">
            {wallet.phone ?? none}
          </span>
        </Fact>
        <Fact label={t(`${K}.wallet.status`)}>
          <span className="flex flex-wrap gap-2">
            <Badge value={wallet.status} label={accountStatusLabel(t, wallet.status)} />
            <span className="text-muted">{t(`${K}.wallet.kyc`)}</span>
            <Badge value={wallet.kycStatus} label={kycStatusLabel(t, wallet.kycStatus)} />
          </span>
        </Fact>
        {wallet.businessName && (
          <Fact label={t(`${K}.wallet.business`)}>
            {[wallet.businessName, categoryLabel(wallet.businessCategory, lang)].filter(Boolean).join(' · ')}
          </Fact>
        )}
        <Fact label={t(`${K}.wallet.region`)}>{wallet.region ?? none}</Fact>
        <Fact label={t(`${K}.wallet.since`)}>{formatDateTime(wallet.createdAt).slice(0, 10)}</Fact>
      </Facts>
      {wallet.blockers.length > 0 && (
        <MigrationBlockers title={t(`${K}.wallet.blocked`)} blockers={wallet.blockers} t={t} />
      )}
    </section>
  );
}
