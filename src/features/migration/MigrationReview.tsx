import { useSelector } from '@xstate/react';
import type { TFunction } from '../../i18n/translator';
import { useEffect, useRef } from 'react';
import { normaliseSenegalMobile } from '../../../contract/senegal-formats';
import type { MigrationWallet } from '../../../contract/api/wallet-migrations';
import { Fact, Facts, FailureAlert } from '../../ui/parts';
import { ReviewActions } from '../../ui/form/ReviewActions';
import { selectFailure, selectIsBusy, selectValues } from './migration-machine';
import { categoryLabel, kindLabel, type StepProps } from './migration-view';
import { MIGRATION_MESSAGES_KEY as K } from './messages';

/** The change in words: from what to what. */
function changeOf(wallet: MigrationWallet, values: { kind: string; newPhone: string }, t: TFunction) {
  if (values.kind === 'phone') {
    // As the API will store it: +221 7X XXX XX XX, however it was typed.
    const to = normaliseSenegalMobile(values.newPhone) ?? values.newPhone;
    return { label: t(`${K}.form.kinds.phone`), from: wallet.phone, to };
  }
  return {
    label: t(`${K}.form.kinds.type`),
    from: kindLabel(t, wallet.kind),
    to: wallet.typeChangeTo ? kindLabel(t, wallet.typeChangeTo) : '',
  };
}

/** The change read back before it is made. */
export function MigrationReview({ actor, wallet, t, lang }: StepProps) {
  const values = useSelector(actor, selectValues);
  const failure = useSelector(actor, selectFailure);
  const busy = useSelector(actor, selectIsBusy);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  useEffect(() => {
    if (failure) alertRef.current?.focus();
  }, [failure]);
  const change = changeOf(wallet, values, t);
  const none = t(`${K}.wallet.none`);
  return (
    <section
      aria-labelledby="migration-review-title"
      aria-busy={busy}
      className="space-y-4 rounded-lg border border-accent-line bg-raised p-4 shadow-sm sm:p-6"
    >
      <h2
        id="migration-review-title"
        ref={headingRef}
        tabIndex={-1}
        className="text-lg font-semibold text-ink outline-none"
      >
        {t(`${K}.review.title`)}
      </h2>
      <p className="text-sm text-muted">{t(`${K}.review.intro`)}</p>
      {failure && <FailureAlert ref={alertRef} failure={failure} />}
      <Facts>
        <Fact label={t(`${K}.wallet.title`)}>
          {wallet.name} · <span className="tabular-nums">{wallet.number}</span>
        </Fact>
        <Fact label={t(`${K}.review.change`)}>{change.label}</Fact>
        <Fact label={t(`${K}.review.from`)}>
          <span className="tabular-nums">{change.from ?? none}</span>
        </Fact>
        <Fact label={t(`${K}.review.to`)}>
          <span className="font-semibold tabular-nums" data-testid="migration-review-to">
            {change.to}
          </span>
          {values.kind === 'type' && wallet.typeChangeTo === 'merchant' && (
            <span className="block text-muted">
              {values.businessName.trim()} · {categoryLabel(values.businessCategory, lang)}
            </span>
          )}
        </Fact>
        <Fact label={t(`${K}.review.reason`)}>
          <span className="whitespace-pre-line">{values.reason.trim()}</span>
        </Fact>
      </Facts>
      <ReviewActions
        busy={busy}
        backLabel={t(`${K}.review.back`)}
        confirmLabel={t(`${K}.review.confirm`)}
        busyLabel={t(`${K}.review.confirming`)}
        onBack={() => actor.send({ type: 'migration.back' })}
        onConfirm={() => actor.send({ type: 'migration.confirm' })}
      />
    </section>
  );
}
