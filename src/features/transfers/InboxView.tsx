/** The approvals inbox: every kind of request that waits, and the deciding buttons in view at any width. */
import { useId } from 'react';
import { useHeldBy, useHolding } from '../../app/use-presence';
import { HeldByNote } from '../../ui/HeldByNote';
import type { InboxItem } from '../../../contract/api/inbox';
import { INBOX_KINDS, type InboxKind } from '../../../contract/inbox';
import { CHANGES_WITH_SECOND_HALF } from '../../../contract/staff-users';
import type { Language } from '../../i18n';
import { formatXof } from '../../i18n/format';
import type { TFunction } from '../../i18n/translator';
import { Button } from '../../ui/Button';
import { DetailLink } from '../../ui/detail-links';
import { SelectField } from '../../ui/form/FormField';
import { ConfirmDialog, ReasonField } from '../../ui/list/ConfirmDialog';
import { FailureRetry, ListFrame } from '../../ui/list/ListFrame';
import { FailureAlert } from '../../ui/parts';
import { SecretDialog } from '../../ui/SecretDialog';
import { PriorityTable } from '../../ui/table/PriorityTable';
import type { TableColumn } from '../../ui/table/table-types';
import { ShortDateTime } from '../../ui/values';
import { DecisionFacts } from './DecisionFacts';
import { aboutOf, ExpiredRequests, OutsideBands, subjectOf } from './InboxNotices';
import { inReadersLanguage } from './refusal-text';
import { inboxRowKey, needsReason } from './inbox-machine';
import { type InboxState, useInbox } from './useInbox';
import { REASON_MIN } from '../../../contract/reasons';

type T = TFunction;

/** An administrative change's line under its kind: what it is about, or an older server's summary. */
const changeLineOf = (item: InboxItem, t: T, lang: Language) =>
  item.change ? aboutOf(item.change, t, lang) : item.party;

/** What a request does, as its decider reads it: an administrative change says what it is about. */
function requestOf(item: InboxItem, t: T, lang: Language): string {
  const about = item.kind === 'change' ? changeLineOf(item, t, lang) : null;
  return about ? `${subjectOf(item, t, lang)}: ${about}` : subjectOf(item, t, lang);
}

/** Approving a new password of a deciding user hands the approver its second half (decision 031). */
const approveWarningOf = (item: InboxItem) =>
  item.kind === 'change' && (CHANGES_WITH_SECOND_HALF as readonly string[]).includes(item.subject)
    ? 'approvals.inbox.secondHalfWarning'
    : 'approvals.inbox.approveWarning';

const waitsFor = (item: InboxItem, t: T) =>
  t(`approvals.inbox.waitsFor.${item.decider}`, { bank: item.deciderBank ?? '' });

/** One line that never wraps: a long name is cut, and whole in its title. */
const Line = ({ text, className = '' }: { text: string; className?: string }) => (
  <span title={text} className={`block max-w-full truncate ${className}`}>
    {text}
  </span>
);

function columns(
  t: T,
  lang: Language,
  decide: (item: InboxItem, d: 'approve' | 'reject') => void,
  heldBy: (kind: InboxItem['kind'], id: string) => string[],
) {
  const list: TableColumn<InboxItem>[] = [
    {
      id: 'request',
      header: t('approvals.inbox.request'),
      width: 240,
      priority: 0,
      keep: true,
      rowHeader: true,
      role: 'reference',
      sortable: false,
      cell: (item) => (
        <span className="block max-w-[15rem]">
          <span className="text-xs font-semibold uppercase tracking-wide text-muted">
            {t(`approvals.inbox.kinds.${item.kind}`)}
          </span>
          {item.detailPath ? (
            <DetailLink to={item.detailPath}>
              <Line text={subjectOf(item, t, lang)} />
            </DetailLink>
          ) : (
            <Line text={subjectOf(item, t, lang)} className="font-medium" />
          )}
          {item.reference && item.reference !== item.subject && (
            <Line text={item.reference} className="text-xs text-muted" />
          )}
          {item.kind === 'change' ? (
            // What an administrative change does is the decision itself: shown whole, wrapped
            // (a title tooltip cannot be read on a phone).
            <span className="block whitespace-normal break-words text-xs text-muted">
              {changeLineOf(item, t, lang)}
            </span>
          ) : (
            item.party && <Line text={item.party} className="text-xs text-muted" />
          )}
          <OutsideBands item={item} t={t} lang={lang} />
          <HeldByNote names={heldBy(item.kind, item.id)} compact />
        </span>
      ),
    },
    {
      id: 'maker',
      header: t('approvals.inbox.maker'),
      width: 150,
      priority: 0,
      keep: true,
      role: 'party',
      sortable: false,
      cell: (item) => <Line text={item.mine ? t('approvals.inbox.mine') : item.maker} className="max-w-[9rem]" />,
    },
    {
      id: 'amount',
      header: t('approvals.inbox.amount'),
      width: 130,
      priority: 0,
      keep: true,
      numeric: true,
      role: 'amount',
      sortable: false,
      cell: (item) => (item.amount === null ? '—' : formatXof(item.amount, lang)),
    },
    {
      id: 'expires',
      header: t('approvals.inbox.expires'),
      width: 140,
      priority: 0,
      keep: true,
      role: 'date',
      sortable: false,
      cell: (item) => <ShortDateTime value={item.expiresAt} />,
    },
    {
      id: 'created',
      header: t('approvals.inbox.created'),
      width: 140,
      priority: 2,
      role: 'date',
      sortable: false,
      cell: (item) => <ShortDateTime value={item.createdAt} />,
    },
    {
      id: 'decision',
      header: t('approvals.inbox.decision'),
      width: 200,
      priority: 0,
      keep: true,
      role: 'actions',
      sortable: false,
      cell: (item) =>
        item.canDecide ? (
          <span className="flex gap-2">
            <Button variant="approve" size="sm" onClick={() => decide(item, 'approve')}>
              {t('approvals.inbox.approve')}
            </Button>
            <Button variant="reject" size="sm" onClick={() => decide(item, 'reject')}>
              {t('approvals.inbox.reject')}
            </Button>
          </span>
        ) : (
          <span className="block max-w-[12rem] text-sm text-muted">{waitsFor(item, t)}</span>
        ),
    },
  ];
  return list;
}

export function InboxView({ t, lang }: { t: T; lang: Language }) {
  const id = useId();
  const inbox = useInbox();
  const heldBy = useHeldBy();
  const { actor, page, kind, loading, listFailed, failure, done, fresh } = inbox;
  const rows = page?.rows ?? [];
  const decide = (item: InboxItem, decision: 'approve' | 'reject') =>
    actor.send({ type: 'decision.start', item, decision });

  return (
    <>
      <div className="mb-3 flex flex-wrap items-end gap-3">
        <SelectField
          id={`${id}-kind`}
          label={t('approvals.inbox.kind')}
          value={kind}
          onValue={(value) => actor.send({ type: 'kind.change', kind: value as InboxKind | '' })}
          className="block h-9 rounded-md border border-edge bg-raised px-2 text-sm"
        >
          <option value="">{t('approvals.inbox.kindAll')}</option>
          {INBOX_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`approvals.inbox.kinds.${k}`)}
              {page && page.waiting[k] > 0 ? ` (${page.waiting[k]})` : ''}
            </option>
          ))}
        </SelectField>
      </div>
      {page && <ExpiredRequests expired={page.expired} t={t} lang={lang} />}
      {done && (
        <p
          role="status"
          className="mb-3 rounded-md border border-success-line bg-success-soft px-3 py-2 text-sm text-success"
        >
          {t(done.decision === 'approve' ? 'approvals.inbox.approved' : 'approvals.inbox.rejected', {
            request: requestOf(done.item, t, lang),
          })}
        </p>
      )}
      <ListFrame
        loading={loading && !page}
        loadingLabel={t('approvals.inbox.loading')}
        error={
          listFailed &&
          failure && (
            <FailureRetry
              failure={failure}
              title={t('approvals.inbox.loadFailed')}
              retryLabel={t('approvals.inbox.retry')}
              onRetry={() => actor.send({ type: 'list.retry' })}
            />
          )
        }
        emptyLabel={
          page && rows.length === 0 && !loading
            ? page.bank
              ? t('approvals.inbox.emptyBank', { bank: page.bank })
              : t('approvals.inbox.empty')
            : null
        }
      >
        {page && rows.length > 0 && (
          <PriorityTable
            label={t('approvals.inbox.label')}
            columns={columns(t, lang, decide, heldBy)}
            rows={rows}
            rowKey={inboxRowKey}
            busy={loading}
            testId="inbox-table"
            rowData={(item) => ({
              'data-kind': item.kind,
              'data-id': item.id,
              // Arrived while the list was open: highlighted for a moment (styles.css).
              ...(fresh.includes(inboxRowKey(item)) ? { 'data-fresh': 'true' } : {}),
            })}
          />
        )}
      </ListFrame>
      <InboxDialogs inbox={inbox} id={id} t={t} lang={lang} />
    </>
  );
}

/** While its decision dialog is open, this tab holds the request, and says who else does. */
function HoldingItem({ item }: { item: InboxItem }) {
  return <HeldByNote names={useHolding(item.kind, item.id)} />;
}

/** The confirmation of a decision (with its reason), and a handed-over second half shown once. */
function InboxDialogs({ inbox, id, t, lang }: { inbox: InboxState; id: string; t: T; lang: Language }) {
  const { actor, pending, reason, reasonInvalid, deciding, failure, done, secondHalf, copied } = inbox;
  const rejecting = pending?.decision === 'reject';
  return (
    <>
      <ConfirmDialog
        open={pending !== null}
        busy={deciding}
        title={rejecting ? t('approvals.inbox.rejectTitle') : t('approvals.inbox.approveTitle')}
        wide
        description={
          pending
            ? `${t('approvals.inbox.dialogSubject', {
                kind: t(`approvals.inbox.kinds.${pending.item.kind}`),
                subject: requestOf(pending.item, t, lang),
              })}${rejecting ? '' : `. ${t(approveWarningOf(pending.item))}`}`
            : ''
        }
        summary={
          pending && (
            <>
              <HoldingItem item={pending.item} />
              <DecisionFacts item={pending.item} t={t} lang={lang} />
            </>
          )
        }
        cancelLabel={t('approvals.inbox.cancel')}
        confirmLabel={rejecting ? t('approvals.inbox.confirmReject') : t('approvals.inbox.confirmApprove')}
        busyLabel={t('approvals.inbox.working')}
        onCancel={() => actor.send({ type: 'decision.cancel' })}
        onConfirm={() => actor.send({ type: 'decision.confirm' })}
      >
        {pending && needsReason(pending) && (
          <ReasonField
            id={`${id}-reason`}
            label={t('approvals.inbox.reason')}
            hint={t('approvals.inbox.reasonHint', { min: REASON_MIN })}
            error={reasonInvalid ? t('approvals.inbox.reasonRequired', { min: REASON_MIN }) : undefined}
            required
            value={reason}
            onValue={(text) => actor.send({ type: 'reason.change', reason: text })}
          />
        )}
        {failure && pending && (
          <FailureAlert failure={inReadersLanguage(failure, t)}>
            <p>{t('approvals.inbox.failed')}</p>
          </FailureAlert>
        )}
      </ConfirmDialog>
      <SecretDialog
        open={secondHalf !== null}
        title={t('approvals.inbox.secondHalf.title')}
        description={t('approvals.inbox.secondHalf.text', { request: done ? requestOf(done.item, t, lang) : '' })}
        label={t('approvals.inbox.secondHalf.label')}
        value={secondHalf ?? ''}
        testId="second-half"
        part="secondHalf"
        copied={copied}
        labels={{
          copy: t('approvals.inbox.secondHalf.copy'),
          copied: t('approvals.inbox.secondHalf.copied'),
          done: t('approvals.inbox.secondHalf.done'),
        }}
        onCopy={() => actor.send({ type: 'secondHalf.copy' })}
        onDone={() => actor.send({ type: 'secondHalf.dismiss' })}
      />
    </>
  );
}
