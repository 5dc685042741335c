/**
 * /fees: what every transfer costs, a preview of one amount, changes of a flow's bands sent for a
 * second administrator's approval, and the history of the schedules. The page assembles its
 * machines with the API.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { Clock, Pencil } from 'lucide-react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { FeeScheduleView, PendingFeeChange } from '../../../contract/api/fees';
import { useServices } from '../../app/ServicesContext';
import { isLanguage, type Language } from '../../i18n';
import { usePageMessages } from '../../i18n/page-messages';
import { PageFrame } from '../../ui/PageFrame';
import type { HostedPageProps } from '../../ui/hosted-page';
import { LoadError } from '../../ui/page-parts';
import { Button } from '../../ui/Button';
import { OPENED_ITEM_CLASS, useOpenedItem, useRevealOnce } from '../../ui/opened-item';
import { ITEM_PARAMS, LIMITS_SECTION } from '../../../contract/navigation/item-links';
import { formatDateTime } from '../../ui/values';
import { BandsDialog } from './BandsDialog';
import { FeeBandTable } from './FeeBandTable';
import { FeePreviewBox } from './FeePreviewBox';
import { feesApi } from './fees-api';
import { feePreviewMachine } from './fee-preview-machine';
import { feesMachine, selectHistory, selectIsLoading, selectLoadError, selectOverview } from './fees-machine';
import { HistoryTable } from './HistoryTable';
import { LimitsSection } from './LimitsSection';
import { limitsMachine, selectLimits } from './limits-machine';
import { FEES_MESSAGES_KEY, feesMessages, type Translate } from './messages';

export default function FeesPage({ title }: HostedPageProps) {
  const { t, i18n } = usePageMessages(FEES_MESSAGES_KEY, feesMessages);
  const lang: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  const services = useServices();
  const k: Translate = (key, options) => t(`${FEES_MESSAGES_KEY}.${key}`, options ?? {});

  const api = useMemo(() => feesApi(services.api), [services.api]);
  const actor = useActorRef(
    feesMachine.provide({
      actors: {
        loadFees: fromPromise(() => api.load()),
        submitChange: fromPromise(({ input }) => api.requestChange(input)),
      },
      actions: {
        announce: (_, { flowId }) => {
          const flow = services.i18n.t(`${FEES_MESSAGES_KEY}.flows.${flowId}`);
          services.notifications.notify(services.i18n.t(`${FEES_MESSAGES_KEY}.done`, { flow }));
        },
      },
    }),
  );
  const preview = useActorRef(
    feePreviewMachine.provide({ actors: { previewFee: fromPromise(({ input }) => api.preview(input)) } }),
    { input: { flowId: 'cash-out' } },
  );
  const limits = useActorRef(
    limitsMachine.provide({
      actors: {
        loadLimits: fromPromise(() => api.limits()),
        submitLimits: fromPromise(({ input }) => api.requestLimits(input)),
      },
      actions: {
        announce: () => services.notifications.notify(services.i18n.t(`${FEES_MESSAGES_KEY}.limitsDone`)),
      },
    }),
  );
  const overview = useSelector(actor, selectOverview);
  const history = useSelector(actor, selectHistory);
  const loading = useSelector(actor, selectIsLoading);
  const loadError = useSelector(actor, selectLoadError);
  // An inbox row opens one flow's fees or the limits: that part is marked and scrolled to once
  // everything above it has loaded, so it stays where it lands.
  const openedFlow = useOpenedItem(ITEM_PARAMS.service);
  const limitsOpened = useOpenedItem(ITEM_PARAMS.section) === LIMITS_SECTION;
  const limitsShown = useSelector(limits, selectLimits) !== null;
  useRevealOnce(
    limitsOpened ? LIMITS_SECTION : openedFlow && scheduleElementId(openedFlow),
    overview.schedules.length > 0 && limitsShown,
  );

  return (
    <PageFrame title={title}>
      <p className="mb-4 max-w-3xl text-sm text-muted">{k('intro')}</p>
      <FeePreviewBox actor={preview} k={k} lang={lang} />
      {loadError !== null && <LoadError message={loadError} onRetry={() => actor.send({ type: 'fees.retry' })} />}
      {loading && overview.schedules.length === 0 && <p className="text-sm text-muted">{k('loading')}</p>}
      {overview.schedules.length > 0 && (
        <section aria-labelledby="fee-schedules-title" className="mb-6">
          <h2 id="fee-schedules-title" className="mb-3 text-lg font-semibold text-ink">
            {k('schedules.title')}
          </h2>
          <div className="space-y-6">
            {overview.schedules.map((schedule) => (
              <ScheduleSection
                key={schedule.flowId}
                schedule={schedule}
                pending={overview.pending.find((p) => p.flowId === schedule.flowId) ?? null}
                opened={schedule.flowId === openedFlow}
                lang={lang}
                k={k}
                onEdit={() => actor.send({ type: 'schedule.edit', flowId: schedule.flowId })}
              />
            ))}
          </div>
        </section>
      )}
      <LimitsSection actor={limits} k={k} lang={lang} opened={limitsOpened} />
      {history.length > 0 && (
        <section aria-labelledby="fee-history-title" className="mb-6">
          <h2 id="fee-history-title" className="mb-3 text-lg font-semibold text-ink">
            {k('history.title')}
          </h2>
          <HistoryTable schedules={history} lang={lang} k={k} />
        </section>
      )}
      <BandsDialog actor={actor} k={k} />
    </PageFrame>
  );
}

const scheduleElementId = (flowId: string) => `schedule-${flowId}`;

function ScheduleSection({
  schedule,
  pending,
  opened,
  lang,
  k,
  onEdit,
}: {
  schedule: FeeScheduleView;
  pending: PendingFeeChange | null;
  opened: boolean;
  lang: Language;
  k: Translate;
  onEdit: () => void;
}) {
  const flow = k(`flows.${schedule.flowId}`);
  const titleId = `fee-schedule-${schedule.flowId}`;
  const who =
    schedule.requestedBy && schedule.approvedBy
      ? k('schedules.approved', { maker: schedule.requestedBy, checker: schedule.approvedBy })
      : k('schedules.installed');
  return (
    <section
      id={scheduleElementId(schedule.flowId)}
      aria-labelledby={titleId}
      aria-current={opened || undefined}
      tabIndex={opened ? -1 : undefined}
      className={opened ? OPENED_ITEM_CLASS : undefined}
      data-schedule-flow={schedule.flowId}
    >
      <div className="mb-2 flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 id={titleId} className="font-semibold text-ink">
            {flow}
          </h3>
          <p className="text-xs text-muted">
            {k('schedules.since', { date: formatDateTime(schedule.effectiveFrom) })} · {who}
          </p>
        </div>
        <Button
          variant="secondary"
          size="sm"
          aria-label={k('schedules.editLabel', { flow })}
          disabled={pending !== null}
          onClick={onEdit}
        >
          <Pencil size={14} aria-hidden />
          {k('schedules.edit')}
        </Button>
      </div>
      {pending && (
        <p
          className="mb-2 flex items-start gap-2 rounded-md bg-warning-soft px-3 py-2 text-sm text-warning ring-1 ring-warning-line"
          data-testid={`pending-${schedule.flowId}`}
        >
          <Clock size={16} aria-hidden className="mt-0.5 shrink-0" />
          {pending.mine
            ? k('pending.mine', { date: formatDateTime(pending.requestedAt) })
            : k('pending.waits', { maker: pending.requestedBy, date: formatDateTime(pending.requestedAt) })}
        </p>
      )}
      <FeeBandTable
        bands={schedule.bands}
        caption={k('schedules.caption', { flow })}
        lang={lang}
        k={k}
        flowId={schedule.flowId}
      />
    </section>
  );
}
