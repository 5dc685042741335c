/**
 * /migration: support and administrators ask to move a wallet to a new phone number, or a
 * customer to merchant (and back), and decide the requests of others (maker-checker). The
 * migration and decision machines are assembled here with the API; each tells the other's list
 * when it changed it.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { fromPromise } from 'xstate';
import { useServices } from '../../app/ServicesContext';
import { isLanguage, type Language } from '../../i18n';
import { usePageMessages } from '../../i18n/page-messages';
import { PageFrame } from '../../ui/PageFrame';
import { MIGRATION_MESSAGES, MIGRATION_MESSAGES_KEY as K } from './messages';
import { migrationDecisionMachine } from './decision-machine';
import { migrationApi } from './migration-api';
import {
  migrationMachine,
  selectIsEditing,
  selectIsFinding,
  selectIsReviewing,
  selectResult,
  selectWallet,
} from './migration-machine';
import type { HostedPageProps } from '../../ui/hosted-page';
import { FindWallet } from './FindWallet';
import { MigrationDone } from './MigrationDone';
import { MigrationForm } from './MigrationForm';
import { MigrationHistory } from './MigrationHistory';
import { MigrationReview } from './MigrationReview';
import { MigrationDecisionDialog } from './MigrationDecisionDialog';
import { PendingDecisions } from './PendingDecisions';
import { WalletCard } from './WalletCard';

export default function MigrationPage({ title }: HostedPageProps) {
  const { t, i18n } = usePageMessages(K, MIGRATION_MESSAGES);
  const lang: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  const services = useServices();
  const api = useMemo(() => migrationApi(services.api), [services.api]);
  const decisions = useActorRef(
    migrationDecisionMachine.provide({
      actors: {
        listRows: fromPromise(({ input, signal }) => api.pending(input, signal)),
        // One request at a time: the list has no selection.
        decideRows: fromPromise(({ input }) =>
          api.decide(input.ids[0] as number, {
            decision: input.decision,
            ...(input.reason ? { reason: input.reason } : {}),
          }),
        ),
      },
    }),
  );
  const actor = useActorRef(
    migrationMachine.provide({
      actors: {
        findWallet: fromPromise(({ input, signal }) => api.find(input.term, signal)),
        migrateWallet: fromPromise(({ input }) => api.migrate(input)),
        listHistory: fromPromise(({ input, signal }) => api.history(input, signal)),
      },
      actions: { announceRequested: () => decisions.send({ type: 'list.reload' }) },
    }),
  );
  // A decision changes a request's status in the history below, and maybe the wallet in view.
  const outcome = useSelector(decisions, (s) => s.context.outcome);
  useEffect(() => {
    if (outcome) actor.send({ type: 'wallet.decided', wallet: outcome.wallet });
  }, [outcome, actor]);
  const finding = useSelector(actor, selectIsFinding);
  const wallet = useSelector(actor, selectWallet);
  const result = useSelector(actor, selectResult);
  const reviewing = useSelector(actor, selectIsReviewing);
  const editing = useSelector(actor, selectIsEditing);

  return (
    <PageFrame title={title}>
      <div className="mx-auto max-w-3xl space-y-5">
        <p className="text-sm text-muted">{t(`${K}.intro`)}</p>
        <PendingDecisions actor={decisions} t={t} lang={lang} />
        {finding ? (
          <FindWallet actor={actor} t={t} />
        ) : (
          wallet && (
            <>
              <WalletCard wallet={wallet} lang={lang} t={t} onChange={() => actor.send({ type: 'wallet.change' })} />
              {result ? (
                <MigrationDone actor={actor} t={t} />
              ) : reviewing ? (
                <MigrationReview actor={actor} wallet={wallet} t={t} lang={lang} />
              ) : (
                editing && <MigrationForm actor={actor} wallet={wallet} t={t} lang={lang} />
              )}
            </>
          )
        )}
        <MigrationHistory actor={actor} t={t} />
      </div>
      <MigrationDecisionDialog actor={decisions} t={t} />
    </PageFrame>
  );
}
