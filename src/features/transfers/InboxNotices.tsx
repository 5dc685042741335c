/**
 * What the inbox says besides its rows: a fee override's fees outside the fee schedule's bands
 * (on its row and in the approval dialog), and the reader's own requests that expired undecided.
 */
import { Clock, TriangleAlert } from 'lucide-react';
import type { ExpiredRequest, InboxItem } from '../../../contract/api/inbox';
import { humanizeCode } from '../../../contract/report-values';
import type { Language } from '../../i18n';
import { formatXof } from '../../i18n/format';
import type { TFunction } from '../../i18n/translator';
import { DetailLink } from '../../ui/detail-links';
import { formatDateTime } from '../../ui/values';
import { flowLabelOf } from './flow-label';

type Subject = Pick<InboxItem, 'kind' | 'subject'>;

/** What a request is in a few words, in the reader's language. */
export function subjectOf(item: Subject, t: TFunction, lang: Language): string {
  switch (item.kind) {
    case 'transfer':
      return flowLabelOf(item.subject, lang);
    case 'wallet':
      return t(`approvals.inbox.walletChange.${item.subject}`, { defaultValue: humanizeCode(item.subject) });
    case 'change':
      return t(`approvals.inbox.change.${item.subject}`, { defaultValue: humanizeCode(item.subject) });
    default:
      return item.subject;
  }
}

/**
 * What an administrative change is about, in the reader's language: its staff user or its flow's
 * fees (a limits change is its kind alone). An item without it (an older record) has the server's
 * English summary.
 */
export function aboutOf(change: InboxItem['change'], t: TFunction, lang: Language): string | null {
  if (change?.user) {
    const { username, name } = change.user;
    return t(change.user.id === null ? 'approvals.inbox.about.newUser' : 'approvals.inbox.about.user', {
      username,
      name,
    });
  }
  if (change?.flow) return t('approvals.inbox.about.flow', { flow: flowLabelOf(change.flow, lang) });
  return null;
}

/** "3 rows charge outside the fee schedule’s bands. Furthest: Cash Out: XOF 25,000 on XOF 2,000,000; …". */
function outsideBandsText(outside: NonNullable<InboxItem['outsideBands']>, t: TFunction, lang: Language): string {
  const { furthest } = outside;
  const fixed = furthest.bandMinFee === furthest.bandMaxFee;
  const text = t(fixed ? 'approvals.inbox.outsideBands.fixed' : 'approvals.inbox.outsideBands.band', {
    account: furthest.account,
    flow: flowLabelOf(furthest.flow, lang),
    fee: formatXof(furthest.fee, lang),
    amount: formatXof(furthest.amount, lang),
    min: formatXof(furthest.bandMinFee, lang),
    max: formatXof(furthest.bandMaxFee, lang),
  });
  return t('approvals.inbox.outsideBands.rows', { count: outside.rows, text });
}

/** On a fee override's row, and in its approval dialog: the decider sees it before approving. */
export function OutsideBands({ item, t, lang }: { item: InboxItem; t: TFunction; lang: Language }) {
  if (!item.outsideBands) return null;
  return (
    <span
      className="mt-1 flex items-start gap-1 whitespace-normal text-xs font-medium text-warning"
      data-testid="inbox-outside-bands"
    >
      <TriangleAlert size={14} aria-hidden className="mt-0.5 shrink-0" />
      <span>{outsideBandsText(item.outsideBands, t, lang)}</span>
    </span>
  );
}

/** The reader's own requests that nobody decided in time: not carried out, to be made again if needed. */
export function ExpiredRequests({ expired, t, lang }: { expired: ExpiredRequest[]; t: TFunction; lang: Language }) {
  if (expired.length === 0) return null;
  return (
    <section
      aria-labelledby="inbox-expired-title"
      className="mb-3 rounded-md border border-warning-line bg-warning-soft px-3 py-2 text-sm text-warning"
      data-testid="inbox-expired"
    >
      <h2 id="inbox-expired-title" className="flex items-center gap-2 font-semibold">
        <Clock size={16} aria-hidden />
        {t('approvals.inbox.expired.title', { count: expired.length })}
      </h2>
      <p className="mt-0.5">{t('approvals.inbox.expired.intro')}</p>
      <ul className="mt-1 space-y-0.5">
        {expired.map((item) => {
          const subject = subjectOf(item, t, lang);
          const about = item.change ? aboutOf(item.change, t, lang) : item.summary;
          return (
            <li key={`${item.kind}:${item.id}`}>
              {t(`approvals.inbox.kinds.${item.kind}`)}:{' '}
              {item.detailPath ? <DetailLink to={item.detailPath}>{subject}</DetailLink> : subject}
              {about ? ` (${about})` : ''}
              {item.amount === null ? '' : ` · ${formatXof(item.amount, lang)}`}
              {' · '}
              {t('approvals.inbox.expired.when', {
                created: formatDateTime(item.createdAt),
                expired: formatDateTime(item.expiredAt),
              })}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
