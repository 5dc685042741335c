/**
 * /network/head: the merchant chain as a tree — head, masters, locations — with each
 * account's balance, the balance of everything below it, its last 30 days and its last
 * activity. Head, master and location users see their own subtree (the server decides).
 */
import clsx from 'clsx';
import { ChevronRight } from 'lucide-react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { usePageMessages } from '../../i18n/page-messages';
import { NETWORK_MESSAGES, NETWORK_MESSAGES_KEY } from './messages';
import type { NetworkNode } from '../../../contract/api/network';
import { useServices } from '../../app/ServicesContext';
import { isLanguage, type Language } from '../../i18n';
import { formatNumber, formatXof } from '../../i18n/format';
import { CardsSkeleton, LoadError, StatCard } from '../../ui/page-parts';
import { IconButton } from '../../ui/IconButton';
import { PageFrame } from '../../ui/PageFrame';
import {
  fetchActor,
  loadMachine,
  resultOf,
  selectError,
  selectIsFailed,
  selectIsLoading,
} from '../../ui/list/report-machine';
import { formatDateTime } from '../../ui/values';
import { accountStatusLabel } from '../../ui/kyc-labels';
import { countByRole, filterTree, type NetworkTotals, totalsOf } from './tree';
import type { HostedPageProps } from '../../ui/hosted-page';
import { networkApi } from './network-api';

const selectTree = resultOf<{ roots: NetworkNode[] }>();

export default function NetworkTreePage({ title }: HostedPageProps) {
  const { t, i18n } = usePageMessages(NETWORK_MESSAGES_KEY, NETWORK_MESSAGES);
  const lang: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  const services = useServices();
  const actor = useActorRef(
    loadMachine.provide({
      actors: {
        fetchReport: fetchActor((_query: object, signal) => networkApi(services.api).tree(signal)),
      },
    }),
  );
  useEffect(() => {
    actor.send({ type: 'report.query', query: {} });
  }, [actor]);
  const loading = useSelector(actor, selectIsLoading);
  const failed = useSelector(actor, selectIsFailed);
  const error = useSelector(actor, selectError);
  const data = useSelector(actor, selectTree);
  const [filter, setFilter] = useState('');
  const roots = useMemo(() => filterTree(data?.roots ?? [], filter), [data, filter]);
  const totals = useMemo(() => totalsOf(data?.roots ?? []), [data]);

  return (
    <PageFrame title={title}>
      <div className="min-w-0 space-y-4" aria-busy={loading}>
        {failed && <LoadError message={error} onRetry={() => actor.send({ type: 'report.retry' })} />}
        {!failed && (loading || !data) && (
          <>
            <p role="status" className="sr-only">
              {t('reports.loading')}
            </p>
            <CardsSkeleton count={4} />
          </>
        )}
        {!failed && !loading && data && (
          <>
            <Summary totals={totals} lang={lang} />
            {data.roots.length === 0 ? (
              <p className="rounded-lg border border-line bg-raised p-6 text-center text-muted">{t('network.empty')}</p>
            ) : (
              <section
                aria-labelledby="network-tree-heading"
                className="rounded-lg border border-line bg-raised shadow-sm"
              >
                <div className="flex flex-wrap items-center justify-between gap-3 border-b border-line p-3">
                  <h2 id="network-tree-heading" className="text-base font-semibold text-ink">
                    {t('network.treeHeading')}
                  </h2>
                  <label className="flex items-center gap-2 text-sm text-ink">
                    {t('network.filter')}
                    <input
                      type="search"
                      value={filter}
                      onChange={(e) => setFilter(e.target.value)}
                      placeholder={t('network.filterHint')}
                      className="w-56 rounded-md border border-edge px-2 py-1 text-sm"
                    />
                  </label>
                </div>
                {roots.length === 0 ? (
                  <p className="p-6 text-center text-sm text-muted">{t('network.noMatch')}</p>
                ) : (
                  <ul className="divide-y divide-line">
                    {roots.map((node) => (
                      <TreeItem key={node.number} node={node} level={0} lang={lang} forceOpen={filter.trim() !== ''} />
                    ))}
                  </ul>
                )}
              </section>
            )}
          </>
        )}
      </div>
    </PageFrame>
  );
}

function Summary({ totals, lang }: { totals: NetworkTotals; lang: Language }) {
  const { t } = useTranslation();
  const counts = countByRole(totals);
  return (
    <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <StatCard label={t('network.networkBalance')} value={formatXof(totals.balance, lang)} big />
      <StatCard label={t('network.credits30d')} value={formatXof(totals.credits30d, lang)} tone="credit" />
      <StatCard label={t('network.debits30d')} value={formatXof(totals.debits30d, lang)} tone="debit" />
      <StatCard label={t('network.accounts')} value={formatNumber(totals.accounts, lang)}>
        <p className="mt-1 text-xs text-muted">
          {counts.map(([role, n]) => t(`network.count.${role}`, { count: n })).join(' · ')}
        </p>
      </StatCard>
    </dl>
  );
}

function TreeItem({
  node,
  level,
  lang,
  forceOpen,
}: {
  node: NetworkNode;
  level: number;
  lang: Language;
  forceOpen: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(level === 0);
  const expanded = forceOpen || open;
  const hasChildren = node.children.length > 0;
  const childrenId = `network-children-${node.number}`;
  return (
    <li>
      <div
        className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 gap-y-1 px-3 py-2 md:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))]"
        style={{ paddingLeft: `${0.75 + level * 1.5}rem` }}
      >
        <div className="flex min-w-0 items-center gap-2">
          {hasChildren ? (
            <IconButton
              size="sm"
              label={t(expanded ? 'network.collapse' : 'network.expand', { name: node.name })}
              icon={
                <ChevronRight
                  size={16}
                  aria-hidden
                  className={clsx('text-muted transition-transform', expanded && 'rotate-90')}
                />
              }
              aria-expanded={expanded}
              aria-controls={childrenId}
              onClick={() => setOpen(!open)}
              className="-my-1.5"
            />
          ) : (
            <span className="inline-block w-8 shrink-0" aria-hidden />
          )}
          <div className="min-w-0">
            <p className="truncate font-medium text-ink">
              <span>{node.name}</span>{' '}
              <span className="ml-1 rounded bg-sunken px-1.5 py-0.5 text-xs font-normal text-ink">
                {t(`network.role.${node.role}`)}
              </span>
              {node.status !== 'active' && (
                <span className="ml-1 rounded bg-warning-soft px-1.5 py-0.5 text-xs font-normal text-warning">
                  {accountStatusLabel(t, node.status)}
                </span>
              )}
            </p>
            <p className="truncate text-xs text-muted">
              <span className="tabular-nums">{node.number}</span>
              {node.phone && (
                <>
                  {' '}
                  · <span className="tabular-nums">{node.phone}</span>
                </>
              )}
              {node.region && <> · {node.region}</>}
            </p>
          </div>
        </div>
        <Figure label={t('network.balance')} value={formatXof(node.balance, lang)} />
        <Figure
          label={t('network.subtreeBalance')}
          value={hasChildren ? formatXof(node.subtreeBalance, lang) : '—'}
          className="hidden md:block"
        />
        <Figure
          label={t('network.lastActivity')}
          value={node.lastActivityAt ? formatDateTime(node.lastActivityAt) : t('network.never')}
          className="hidden md:block"
        />
      </div>
      {hasChildren && (
        <ul id={childrenId} hidden={!expanded} className="divide-y divide-line border-t border-line">
          {node.children.map((child) => (
            <TreeItem key={child.number} node={child} level={level + 1} lang={lang} forceOpen={forceOpen} />
          ))}
        </ul>
      )}
    </li>
  );
}

function Figure({ label, value, className }: { label: string; value: string; className?: string }) {
  return (
    <div className={clsx('text-right', className)}>
      <p className="text-[11px] tracking-wide text-muted uppercase">{label}</p>
      <p className="font-semibold tabular-nums text-ink">{value}</p>
    </div>
  );
}
