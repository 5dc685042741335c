import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { usePageMessages } from '../../i18n/page-messages';
import { APPROVAL_MESSAGES, APPROVAL_MESSAGES_KEY } from './approval-messages';
import { useServices } from '../../app/ServicesContext';
import { isLanguage, type Language } from '../../i18n';
import { QueuePager } from '../../ui/list/Pager';
import { PageFrame } from '../../ui/PageFrame';
import { Tab, TabList, TabPanel, Tabs } from '../../ui/Tabs';
import { Button } from '../../ui/Button';
import { useSearch } from '@tanstack/react-router';
import { useSetSearch } from '../../ui/list/use-set-search';
import { CanOpenProvider } from '../../ui/detail-links';
import type { TFunction } from '../../i18n/translator';
import { InboxView } from './InboxView';
import { FailureRetry, ListFrame } from '../../ui/list/ListFrame';
import { useQueue } from '../../ui/list/use-queue';
import { ApprovalFilters } from './ApprovalFilters';
import { ApprovalTable } from './ApprovalTable';
import { transfersApi } from './transfers-api';
import { authorizeMachine } from './authorize-machine';
import { DecisionDialog } from './DecisionDialog';
import { DecisionOutcome } from './DecisionOutcome';
import type { HostedPageProps } from '../../ui/hosted-page';

const VIEWS = ['inbox', 'transfers'] as const;

/**
 * /authorize-transactions: the inbox of everything that waits for a decision (the first view),
 * and the transfer requests of every status with their filters and decisions in bulk.
 */
export default function AuthorizePage({ title, canOpen }: HostedPageProps) {
  const { t, i18n } = usePageMessages(APPROVAL_MESSAGES_KEY, APPROVAL_MESSAGES);
  const lang: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const setSearch = useSetSearch();
  const view = search.view === 'transfers' ? 'transfers' : 'inbox';
  return (
    <PageFrame title={title} wide>
      <Tabs value={view} onValueChange={(v) => setSearch(v === 'inbox' ? {} : { view: v })}>
        <TabList aria-label={title}>
          {VIEWS.map((v) => (
            <Tab key={v} value={v}>
              {t(`approvals.views.${v}`)}
            </Tab>
          ))}
        </TabList>
        <CanOpenProvider value={canOpen}>
          <TabPanel value="inbox">
            <InboxView t={t} lang={lang} />
          </TabPanel>
          <TabPanel value="transfers">
            <TransferRequests t={t} lang={lang} />
          </TabPanel>
        </CanOpenProvider>
      </Tabs>
    </PageFrame>
  );
}

function TransferRequests({ t, lang }: { t: TFunction; lang: Language }) {
  const services = useServices();
  const api = useMemo(() => transfersApi(services.api), [services.api]);
  const actor = useActorRef(
    authorizeMachine.provide({
      actors: {
        listRows: fromPromise(({ input, signal }) => api.approvals(input, signal)),
        decideRows: fromPromise(({ input }) => api.decideApprovals(input)),
      },
    }),
  );

  const {
    query,
    page,
    selected,
    loading,
    loadFailure,
    outcome,
    pending,
    reason,
    reasonInvalid,
    decisionFailure,
    deciding,
  } = useQueue(actor);

  const rows = page?.rows ?? [];
  const chosen = rows.filter((r) => r.canDecide && selected.includes(r.id)).map((r) => r.id);
  const decideSelected = (decision: 'approve' | 'reject') =>
    actor.send({ type: 'decision.start', decision, ids: chosen, scope: 'bulk' });

  return (
    <>
      <ApprovalFilters
        filters={query}
        lang={lang}
        onChange={(filters) => actor.send({ type: 'filters.change', filters })}
      />
      {outcome && <DecisionOutcome outcome={outcome} onDismiss={() => actor.send({ type: 'outcome.dismiss' })} />}

      {chosen.length > 0 && (
        <div className="mb-3 flex flex-wrap items-center gap-3 rounded-lg border border-brand-100 bg-brand-50 px-3 py-2">
          <span className="text-sm font-medium text-ink">{t('approvals.selected', { count: chosen.length })}</span>
          <Button variant="approve" size="sm" onClick={() => decideSelected('approve')}>
            {t('approvals.approveSelected')}
          </Button>
          <Button variant="reject" size="sm" onClick={() => decideSelected('reject')}>
            {t('approvals.rejectSelected')}
          </Button>
        </div>
      )}

      <ListFrame
        loading={loading}
        loadingLabel={t('approvals.loading')}
        error={
          loadFailure && (
            <FailureRetry
              failure={loadFailure}
              title={t('approvals.loadFailed')}
              retryLabel={t('approvals.retry')}
              onRetry={() => actor.send({ type: 'list.retry' })}
            />
          )
        }
        emptyLabel={
          page && rows.length === 0 && !loading
            ? query.status === 'pending'
              ? t('approvals.emptyPending')
              : t('approvals.empty')
            : null
        }
      >
        {page && (
          <>
            <ApprovalTable
              rows={rows}
              selected={selected}
              lang={lang}
              busy={loading}
              onToggle={(id) => actor.send({ type: 'selection.toggle', id })}
              onToggleAll={(all) => actor.send({ type: 'selection.all', selected: all })}
              onDecide={(decision, row) =>
                actor.send({ type: 'decision.start', decision, ids: [row.id], scope: 'row' })
              }
            />
            <QueuePager actor={actor} query={query} total={page.total} lang={lang} disabled={loading} />
          </>
        )}
      </ListFrame>

      <DecisionDialog
        pending={pending}
        reason={reason}
        reasonInvalid={reasonInvalid}
        failure={decisionFailure}
        busy={deciding}
        lang={lang}
        onReason={(text) => actor.send({ type: 'reason.change', reason: text })}
        onCancel={() => actor.send({ type: 'decision.cancel' })}
        onConfirm={() => actor.send({ type: 'decision.confirm' })}
      />
    </>
  );
}
