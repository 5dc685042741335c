/**
 * One page for the four bulk operations, found from the route it is mounted at:
 * choose a file, preview and fix its rows, submit, then follow the batch (approval, progress,
 * result file). The batch id lives in the URL, so a reload comes back to the same batch.
 */
import { useSearch } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { type BulkOperationDef, bulkOperationAt } from '../../../contract/bulk';
import { useServices } from '../../app/ServicesContext';
import { isLanguage, type Language } from '../../i18n';
import { usePageMessages } from '../../i18n/page-messages';
import { useSetSearch } from '../../ui/list/use-set-search';
import { PageFrame } from '../../ui/PageFrame';
import { BatchList } from './BatchList';
import { BatchStep } from './BatchStep';
import { bulkActors } from './bulk-actors';
import { bulkApi } from './bulk-api';
import { bulkMachine, selectStep } from './bulk-machine';
import { FailedStep, FileStep } from './FileStep';
import { BULK_MESSAGES } from './messages';
import { PreviewStep } from './PreviewStep';
import type { HostedPageProps } from '../../ui/hosted-page';

export const BULK_KEY = 'bulk';

export default function BulkPage({ path, title }: HostedPageProps) {
  const { i18n } = usePageMessages(BULK_KEY, BULK_MESSAGES);
  const lang: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  const op = bulkOperationAt(path);
  if (!op) return <PageFrame title={title} />;
  return <BulkScreen key={op.kind} op={op} title={title} lang={lang} />;
}

function BulkScreen({ op, title, lang }: { op: BulkOperationDef; title: string; lang: Language }) {
  const { t } = usePageMessages(BULK_KEY, BULK_MESSAGES);
  const services = useServices();
  const api = useMemo(() => bulkApi(services.api), [services.api]);
  const setSearch = useSetSearch();
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const batchInUrl = typeof search.batch === 'string' ? search.batch : null;
  const actor = useActorRef(
    bulkMachine.provide({
      actors: bulkActors(api),
      actions: {
        rememberBatch: (_, params: { id: string }) => setSearch({ batch: params.id }, true),
        forgetBatch: () => setSearch({}, true),
      },
    }),
    { input: { op } },
  );
  const step = useSelector(actor, selectStep);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the URL's batch id matters.
  useEffect(() => {
    const shown = actor.getSnapshot().context.batch?.id;
    if (batchInUrl && batchInUrl !== shown) actor.send({ type: 'bulk.batch.open', id: batchInUrl });
  }, [batchInUrl]);
  // The list is read again whenever a batch changes step (submitted, decided, finished).
  const [listVersion, setListVersion] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new step is the trigger.
  useEffect(() => setListVersion((v) => v + 1), [step]);

  return (
    <PageFrame title={title}>
      <p className="mb-4 max-w-3xl text-sm text-muted">{t(`bulk.intro.${op.kind}`)}</p>
      {(step === 'idle' || step === 'parsing') && <FileStep actor={actor} api={api} lang={lang} />}
      {step === 'preview' || step === 'submitting' ? <PreviewStep actor={actor} api={api} lang={lang} /> : null}
      {['loadingBatch', 'awaitingApproval', 'deciding', 'processing', 'done'].includes(step) && (
        <BatchStep actor={actor} api={api} lang={lang} />
      )}
      {step === 'failed' && <FailedStep actor={actor} lang={lang} />}
      <BatchList
        op={op}
        api={api}
        lang={lang}
        version={listVersion}
        onOpen={(id) => actor.send({ type: 'bulk.batch.open', id })}
      />
    </PageFrame>
  );
}
