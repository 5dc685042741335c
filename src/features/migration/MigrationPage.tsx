/**
 * /migration: support and administrators move a wallet to a new phone number, or a
 * customer to merchant (and back). The migration machine is assembled here with the API.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { useServices } from '../../app/ServicesContext';
import { isLanguage, type Language } from '../../i18n';
import { usePageMessages } from '../../i18n/page-messages';
import { PageFrame } from '../../routes/PageFrame';
import { MIGRATION_MESSAGES, MIGRATION_MESSAGES_KEY as K } from './messages';
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
import { WalletCard } from './WalletCard';

export default function MigrationPage({ title }: HostedPageProps) {
  const { t, i18n } = usePageMessages(K, MIGRATION_MESSAGES);
  const lang: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  const services = useServices();
  const api = useMemo(() => migrationApi(services.api), [services.api]);
  const actor = useActorRef(
    migrationMachine.provide({
      actors: {
        findWallet: fromPromise(({ input, signal }) => api.find(input.term, signal)),
        migrateWallet: fromPromise(({ input }) => api.migrate(input)),
        listHistory: fromPromise(({ input, signal }) => api.history(input, signal)),
      },
    }),
  );
  const finding = useSelector(actor, selectIsFinding);
  const wallet = useSelector(actor, selectWallet);
  const result = useSelector(actor, selectResult);
  const reviewing = useSelector(actor, selectIsReviewing);
  const editing = useSelector(actor, selectIsEditing);

  return (
    <PageFrame title={title}>
      <div className="mx-auto max-w-3xl space-y-5">
        <p className="text-sm text-slate-600">{t(`${K}.intro`)}</p>
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
    </PageFrame>
  );
}
