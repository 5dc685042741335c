/**
 * /chargeback-voucher (issue 9): the maker asks to reverse a transaction by its reference, with a
 * reason; a checker (another user) approves or rejects it from the list below. The ask and list
 * machines are assembled here with the API.
 */
import { useActorRef, useSelector } from '@xstate/react';
import type { TFunction } from '../../i18n/translator';
import { CircleCheck, Search, TriangleAlert, X } from 'lucide-react';
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { type ActorRefFrom, fromPromise } from 'xstate';
import {
  CHARGEBACK_STATUSES,
  type ChargebackDecision,
  type ChargebackParty,
  type ChargebackTransaction,
  type ChargebackView,
} from '../../../contract/chargebacks';
import { useServices } from '../../app/ServicesContext';
import { isLanguage, type Language } from '../../i18n';
import { formatXof } from '../../i18n/format';
import { usePageMessages } from '../../i18n/page-messages';
import { OptionalDayRange } from '../../ui/DateRangeControl';
import { Badge, formatDateTime } from '../../ui/values';
import { PageFrame } from '../../routes/PageFrame';
import { Fact, Facts, FailureAlert, Field, INPUT_CLASS, PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../ui/parts';
import { ScrollRegion } from '../../ui/ScrollRegion';
import { ConfirmDialog, ReasonField } from '../../ui/list/ConfirmDialog';
import { FilterBar, SearchButton, SelectFilter, TextFilter } from '../../ui/list/FilterBar';
import { ColumnHeads, DataTable, FailureRetry, ListFrame, TD } from '../../ui/list/ListFrame';
import { useQueue } from '../../ui/list/use-queue';
import {
  askMachine,
  selectCreated,
  selectFailure,
  selectIsBusy,
  selectLookup,
  selectReason,
  selectReasonInvalid,
  selectReference,
  selectReferenceInvalid,
} from './ask-machine';
import { chargebackApi } from './chargeback-api';
import { type ChargebackFilters, chargebackListMachine } from './list-machine';
import { CHARGEBACK_MESSAGES, CHARGEBACK_MESSAGES_KEY as K } from './messages';
import type { HostedPageProps } from '../../ui/hosted-page';

type AskActor = ActorRefFrom<typeof askMachine>;
type ListActor = ActorRefFrom<typeof chargebackListMachine>;

export default function ChargebackPage({ title }: HostedPageProps) {
  const { t, i18n } = usePageMessages(K, CHARGEBACK_MESSAGES);
  const lang: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  const services = useServices();
  const api = useMemo(() => chargebackApi(services.api), [services.api]);
  const list = useActorRef(
    chargebackListMachine.provide({
      actors: {
        listRows: fromPromise(({ input, signal }) => api.list(input, signal)),
        // One row at a time: the list has no selection.
        decideRows: fromPromise(({ input }) => api.decide(input.ids[0] as number, input.decision, input.reason)),
      },
    }),
  );
  const ask = useActorRef(
    askMachine.provide({
      actors: {
        lookupTransaction: fromPromise(({ input, signal }) => api.lookup(input.reference, signal)),
        requestChargeback: fromPromise(({ input }) => api.request(input)),
      },
      actions: { announceRequested: () => list.send({ type: 'list.reload' }) },
    }),
  );

  return (
    <PageFrame title={title}>
      <div className="space-y-6">
        <p className="max-w-3xl text-sm text-slate-600">{t(`${K}.intro`)}</p>
        <AskPanel actor={ask} t={t} lang={lang} />
        <ListPanel actor={list} t={t} lang={lang} />
      </div>
      <DecisionDialog actor={list} t={t} lang={lang} />
    </PageFrame>
  );
}

// ---- Shared pieces ----

const typeLabel = (t: TFunction, type: string) => t(`reports.values.types.${type}`, { defaultValue: type });
const serviceLabel = (t: TFunction, service: string) =>
  t(`reports.values.services.${service}`, { defaultValue: service });
const statusBadge = (t: TFunction, status: string) => (
  <Badge value={status} label={t(`reports.values.status.${status}`, { defaultValue: status })} />
);

function PartyText({ party, t }: { party: ChargebackParty | null; t: TFunction }) {
  if (!party) return <span className="text-slate-400">{t(`${K}.tx.none`)}</span>;
  return (
    <>
      <span className="font-medium text-slate-900">{party.name}</span>
      <span className="block text-xs text-slate-600 tabular-nums">
        {[party.phone, party.number].filter(Boolean).join(' · ')}
      </span>
    </>
  );
}

function TransactionFacts({ tx, t, lang }: { tx: ChargebackTransaction; t: TFunction; lang: Language }) {
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

function PostingsTable({ tx, t, lang }: { tx: ChargebackTransaction; t: TFunction; lang: Language }) {
  const th = 'px-2 py-2 text-left text-xs font-semibold text-slate-600 sm:px-3';
  const td = 'px-2 py-1.5 text-xs text-slate-800 sm:px-3 sm:text-sm';
  const signed = (amount: number) => `${amount > 0 ? '+' : ''}${formatXof(amount, lang)}`;
  const captionId = useId();
  return (
    <div className="space-y-1">
      <p id={captionId} className="text-xs text-slate-600">
        {t(`${K}.tx.postingsCaption`)}
      </p>
      <ScrollRegion
        label={t(`${K}.tx.postings`)}
        className="relative overflow-x-auto rounded-md border border-slate-200"
      >
        <table className="min-w-full divide-y divide-slate-200" aria-describedby={captionId}>
          <caption className="sr-only">{t(`${K}.tx.postings`)}</caption>
          <thead className="bg-slate-50">
            <tr>
              <th scope="col" className={th}>
                {t(`${K}.tx.account`)}
              </th>
              <th scope="col" className={`${th} text-right`}>
                {t(`${K}.tx.original`)}
              </th>
              <th scope="col" className={`${th} text-right`}>
                {t(`${K}.tx.reversal`)}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {tx.postings.map((p, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a transaction's entries are fixed; one account may have two.
              <tr key={`${p.number}-${i}`}>
                <td className={td}>
                  <span className="block">{p.name}</span>
                  <span className="text-xs text-slate-500 tabular-nums">{p.number}</span>
                </td>
                <td className={`${td} text-right whitespace-nowrap tabular-nums`}>{signed(p.amount)}</td>
                <td className={`${td} text-right whitespace-nowrap tabular-nums`}>{signed(-p.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </div>
  );
}

// ---- The maker's side ----

function AskPanel({ actor, t, lang }: { actor: AskActor; t: TFunction; lang: Language }) {
  const reference = useSelector(actor, selectReference);
  const referenceInvalid = useSelector(actor, selectReferenceInvalid);
  const lookup = useSelector(actor, selectLookup);
  const reason = useSelector(actor, selectReason);
  const reasonInvalid = useSelector(actor, selectReasonInvalid);
  const failure = useSelector(actor, selectFailure);
  const created = useSelector(actor, selectCreated);
  const busy = useSelector(actor, selectIsBusy);
  const [text, setText] = useState(reference);
  const inputRef = useRef<HTMLInputElement>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (referenceInvalid) inputRef.current?.focus();
  }, [referenceInvalid]);
  useEffect(() => {
    if (created) doneRef.current?.focus();
  }, [created]);
  useEffect(() => {
    if (!created && reference === '') setText('');
  }, [created, reference]);

  const refusal = lookup?.refusal ?? null;
  return (
    <section
      aria-labelledby="chargeback-ask-title"
      className="max-w-3xl space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="chargeback-ask-title" className="text-lg font-semibold text-slate-900">
        {t(`${K}.ask.title`)}
      </h2>
      <form
        noValidate
        aria-busy={busy}
        className="flex flex-col gap-3 sm:flex-row sm:items-start"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          actor.send({ type: 'reference.lookup', reference: text });
        }}
      >
        <div className="flex-1">
          <Field
            id="chargeback-reference"
            label={t(`${K}.ask.reference`)}
            hint={t(`${K}.ask.referenceHint`)}
            error={referenceInvalid ? t(`${K}.ask.referenceInvalid`) : undefined}
          >
            {(aria) => (
              <input
                ref={inputRef}
                id="chargeback-reference"
                autoComplete="off"
                spellCheck={false}
                value={text}
                onChange={(e) => setText(e.target.value)}
                className={`${INPUT_CLASS} uppercase`}
                {...aria}
              />
            )}
          </Field>
        </div>
        <button type="submit" className={`${SECONDARY_BUTTON} sm:mt-6`} aria-disabled={busy || undefined}>
          <Search size={16} aria-hidden />
          {busy && !lookup ? t(`${K}.ask.finding`) : t(`${K}.ask.find`)}
        </button>
      </form>
      {failure && <FailureAlert failure={failure} />}

      {created && (
        <div className="space-y-3 rounded-md border border-emerald-200 bg-emerald-50 p-3">
          <p
            ref={doneRef}
            tabIndex={-1}
            role="status"
            className="flex items-center gap-2 text-sm font-medium text-emerald-900 outline-none"
          >
            <CircleCheck size={18} aria-hidden />
            {t(`${K}.ask.done`, { reference: created.original.reference })}
          </p>
          <button type="button" className={SECONDARY_BUTTON} onClick={() => actor.send({ type: 'ask.reset' })}>
            {t(`${K}.ask.another`)}
          </button>
        </div>
      )}

      {lookup && (
        <div className="space-y-4" data-testid="chargeback-transaction">
          <h3 className="font-semibold text-slate-900">
            {t(`${K}.tx.title`, { reference: lookup.transaction.reference })}
          </h3>
          <TransactionFacts tx={lookup.transaction} t={t} lang={lang} />
          {lookup.transaction.postings.length > 0 && <PostingsTable tx={lookup.transaction} t={t} lang={lang} />}
          {refusal ? (
            <div
              role="alert"
              className="flex gap-3 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
            >
              <TriangleAlert size={18} aria-hidden className="mt-0.5 shrink-0" />
              <p>{t(`${K}.refusals.${refusal.code}`, { defaultValue: refusal.message })}</p>
            </div>
          ) : (
            <form
              noValidate
              className="space-y-3"
              onSubmit={(e: FormEvent) => {
                e.preventDefault();
                actor.send({ type: 'chargeback.submit' });
                if (actor.getSnapshot().context.reasonInvalid) reasonRef.current?.focus();
              }}
            >
              <ReasonField
                ref={reasonRef}
                id="chargeback-reason"
                label={t(`${K}.ask.reason`)}
                hint={t(`${K}.ask.reasonHint`)}
                error={reasonInvalid ? t(`${K}.ask.reasonProblem`) : undefined}
                value={reason}
                onValue={(text) => actor.send({ type: 'reason.change', reason: text })}
              />
              <div className="flex justify-end">
                <button type="submit" className={PRIMARY_BUTTON} aria-disabled={busy || undefined}>
                  {busy ? t(`${K}.ask.submitting`) : t(`${K}.ask.submit`)}
                </button>
              </div>
            </form>
          )}
        </div>
      )}
    </section>
  );
}

// ---- The list and the checker's side ----

function Filters({
  filters,
  t,
  onChange,
}: {
  filters: ChargebackFilters;
  t: TFunction;
  onChange: (change: Partial<ChargebackFilters>) => void;
}) {
  const [q, setQ] = useState(filters.q);
  return (
    <FilterBar label={t(`${K}.list.filters`)} className="" onSubmit={() => onChange({ q: q.trim() })}>
      <SelectFilter
        label={t(`${K}.list.status`)}
        value={filters.status}
        choices={[
          ...CHARGEBACK_STATUSES.map((s) => ({ value: s, label: t(`${K}.list.statuses.${s}`) })),
          { value: '', label: t(`${K}.list.statusAll`) },
        ]}
        onChange={(status) => onChange({ status: status as ChargebackFilters['status'] })}
      />
      <OptionalDayRange
        from={filters.from}
        to={filters.to}
        fromLabel={t(`${K}.list.from`)}
        toLabel={t(`${K}.list.to`)}
        onChange={onChange}
      />
      <TextFilter
        label={t(`${K}.list.search`)}
        type="text"
        value={q}
        onChange={setQ}
        button={<SearchButton label={t(`${K}.list.searchButton`)} compact />}
      />
    </FilterBar>
  );
}

function OutcomeNotice({ actor, t }: { actor: ListActor; t: TFunction }) {
  const { outcome } = useQueue(actor);
  if (!outcome) return null;
  return (
    <div
      role="status"
      className="flex items-start gap-3 rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900"
    >
      <CircleCheck size={18} aria-hidden className="mt-0.5 shrink-0" />
      <p className="flex-1" data-testid="chargeback-outcome">
        {outcome.decision === 'approve'
          ? t(`${K}.outcome.approved`, { reference: outcome.reference, reversal: outcome.reversalReference })
          : t(`${K}.outcome.rejected`, { reference: outcome.reference })}
      </p>
      <button
        type="button"
        aria-label={t('common.dismiss')}
        onClick={() => actor.send({ type: 'outcome.dismiss' })}
        className="rounded p-0.5 hover:bg-emerald-100"
      >
        <X size={16} aria-hidden />
      </button>
    </div>
  );
}

function ListPanel({ actor, t, lang }: { actor: ListActor; t: TFunction; lang: Language }) {
  const { query, page, loading, loadFailure } = useQueue(actor);
  const rows = page?.rows ?? [];
  const pages = page ? Math.max(1, Math.ceil(page.total / page.pageSize)) : 1;
  return (
    <section aria-labelledby="chargeback-list-title" aria-busy={loading} className="space-y-3">
      <h2 id="chargeback-list-title" className="text-lg font-semibold text-slate-900">
        {t(`${K}.list.title`)}
      </h2>
      <Filters filters={query} t={t} onChange={(filters) => actor.send({ type: 'filters.change', filters })} />
      <OutcomeNotice actor={actor} t={t} />
      <ListFrame
        loading={loading}
        loadingLabel={t(`${K}.list.loading`)}
        error={
          loadFailure && (
            <FailureRetry
              failure={loadFailure}
              title={t(`${K}.list.loadFailed`)}
              retryLabel={t(`${K}.list.retry`)}
              onRetry={() => actor.send({ type: 'list.retry' })}
            />
          )
        }
        emptyLabel={
          page && rows.length === 0
            ? query.status === 'pending'
              ? t(`${K}.list.emptyPending`)
              : t(`${K}.list.empty`)
            : null
        }
      >
        {page && (
          <>
            <ChargebackTable rows={rows} t={t} lang={lang} actor={actor} />
            {page.total > page.pageSize && (
              <nav aria-label={t(`${K}.list.pages`)} className="flex items-center justify-between gap-3 text-sm">
                <button
                  type="button"
                  className={SECONDARY_BUTTON}
                  disabled={loading || query.page <= 1}
                  onClick={() => actor.send({ type: 'page.change', page: query.page - 1 })}
                >
                  {t(`${K}.list.previous`)}
                </button>
                <span className="text-slate-600">{t(`${K}.list.page`, { page: query.page, pages })}</span>
                <button
                  type="button"
                  className={SECONDARY_BUTTON}
                  disabled={loading || query.page >= pages}
                  onClick={() => actor.send({ type: 'page.change', page: query.page + 1 })}
                >
                  {t(`${K}.list.next`)}
                </button>
              </nav>
            )}
          </>
        )}
      </ListFrame>
    </section>
  );
}

const DECISIONS = [
  { decision: 'approve', className: 'bg-emerald-700 text-white hover:bg-emerald-800' },
  { decision: 'reject', className: 'border border-red-300 bg-white text-red-700 hover:bg-red-50' },
] as const;

function ChargebackTable({
  rows,
  t,
  lang,
  actor,
}: {
  rows: ChargebackView[];
  t: TFunction;
  lang: Language;
  actor: ListActor;
}) {
  const decide = (decision: ChargebackDecision, row: ChargebackView) =>
    actor.send({ type: 'decision.start', decision, ids: [row.id], scope: 'row' });
  return (
    <DataTable
      label={t(`${K}.list.title`)}
      testId="chargeback-list"
      head={
        <ColumnHeads
          labels={[
            t(`${K}.list.asked`),
            t(`${K}.list.transaction`),
            t(`${K}.list.parties`),
            t(`${K}.list.reason`),
            t(`${K}.list.decision`),
            <span key="actions" className="sr-only">
              {t(`${K}.list.actions`)}
            </span>,
          ]}
        />
      }
    >
      {rows.map((row) => (
        <tr key={row.id} data-reference={row.original.reference}>
          <td className={`${TD} whitespace-nowrap`}>
            <span className="block tabular-nums">{formatDateTime(row.createdAt)}</span>
            <span className="text-xs text-slate-600">{t(`${K}.list.by`, { name: row.maker })}</span>
          </td>
          <td className={`${TD} whitespace-nowrap`}>
            <span className="block font-medium tabular-nums">{row.original.reference}</span>
            <span className="block font-semibold tabular-nums">{formatXof(row.original.amount, lang)}</span>
            <span className="text-xs text-slate-600">
              {typeLabel(t, row.original.type)} · {formatDateTime(row.original.createdAt)}
            </span>
          </td>
          <td className={`${TD} min-w-40`}>
            <span className="block">{row.original.from?.name ?? t(`${K}.tx.none`)}</span>
            <span className="block text-xs text-slate-600">→ {row.original.to?.name ?? t(`${K}.tx.none`)}</span>
          </td>
          <td className={`${TD} min-w-48 max-w-xs break-words`}>{row.reason}</td>
          <td className={`${TD} min-w-40`}>
            {statusBadge(t, row.status)}
            {row.checker && (
              <span className="mt-1 block text-xs text-slate-600">{t(`${K}.list.by`, { name: row.checker })}</span>
            )}
            {row.decisionReason && <span className="block text-xs text-slate-700">“{row.decisionReason}”</span>}
            {row.reversalReference && (
              <span className="block text-xs font-medium text-slate-800 tabular-nums">
                {t(`${K}.list.reversal`, { reference: row.reversalReference })}
              </span>
            )}
          </td>
          <td className={`${TD} min-w-32`}>
            {row.canDecide ? (
              <div className="flex flex-col gap-2 xl:flex-row">
                {DECISIONS.map(({ decision, className }) => (
                  <button
                    key={decision}
                    type="button"
                    aria-label={t(`${K}.list.${decision}Named`, { reference: row.original.reference })}
                    onClick={() => decide(decision, row)}
                    className={`h-9 rounded-md px-3 text-sm font-semibold ${className}`}
                  >
                    {t(`${K}.list.${decision}`)}
                  </button>
                ))}
              </div>
            ) : (
              row.status === 'pending' && <span className="text-xs text-slate-500">{t(`${K}.list.ownRequest`)}</span>
            )}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

function DecisionDialog({ actor, t, lang }: { actor: ListActor; t: TFunction; lang: Language }) {
  const { pending, reason, reasonInvalid, decisionFailure: failure, deciding: busy } = useQueue(actor);
  const approving = pending?.decision === 'approve';
  const row = pending?.rows[0];
  const tx = row?.original;
  return (
    <ConfirmDialog
      open={pending !== null}
      busy={busy}
      wide
      title={approving ? t(`${K}.dialog.approveTitle`) : t(`${K}.dialog.rejectTitle`)}
      description={
        tx &&
        (approving
          ? t(tx.fee > 0 || tx.commission > 0 ? `${K}.dialog.approveWarningFee` : `${K}.dialog.approveWarning`, {
              amount: formatXof(tx.amount, lang),
              from: tx.from?.name ?? t(`${K}.tx.none`),
              to: tx.to?.name ?? t(`${K}.tx.none`),
            })
          : t(`${K}.dialog.rejectNote`))
      }
      cancelLabel={t(`${K}.dialog.cancel`)}
      confirmLabel={approving ? t(`${K}.dialog.confirmApprove`) : t(`${K}.dialog.confirmReject`)}
      busyLabel={t(`${K}.dialog.working`)}
      confirmClassName={
        approving
          ? 'inline-flex h-10 items-center rounded-md bg-emerald-700 px-4 text-sm font-semibold text-white hover:bg-emerald-800 aria-disabled:opacity-70'
          : 'inline-flex h-10 items-center rounded-md bg-red-700 px-4 text-sm font-semibold text-white hover:bg-red-800 aria-disabled:opacity-70'
      }
      onCancel={() => actor.send({ type: 'decision.cancel' })}
      onConfirm={() => actor.send({ type: 'decision.confirm' })}
    >
      {row && tx && (
        <>
          <p className="text-sm font-medium text-slate-900 tabular-nums">
            {tx.reference} · {formatXof(tx.amount, lang)}
          </p>
          <p className="text-sm text-slate-700">{t(`${K}.dialog.asked`, { maker: row.maker, reason: row.reason })}</p>
          {approving && <PostingsTable tx={tx} t={t} lang={lang} />}
          {failure && <FailureAlert failure={failure} />}
          <ReasonField
            id="chargeback-decision-reason"
            label={t(`${K}.dialog.reason`)}
            error={reasonInvalid ? t(`${K}.dialog.reasonProblem`) : undefined}
            value={reason}
            onValue={(text) => actor.send({ type: 'reason.change', reason: text })}
          />
        </>
      )}
    </ConfirmDialog>
  );
}
