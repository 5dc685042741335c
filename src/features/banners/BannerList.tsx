import { useSelector } from '@xstate/react';
import clsx from 'clsx';
import type { TFunction } from '../../i18n/translator';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { FailureAlert } from '../../ui/parts';
import { FailureRetry } from '../../ui/list/ListFrame';
import { ManagedList } from '../../ui/managed-list/ManagedList';
import { RowButton } from '../../ui/managed-list/RowActions';
import type { BannerView } from '../../../contract/api/banners';
import { bannerState, localDay } from './banner-form';
import {
  selectAction,
  selectActionFailure,
  selectIsBusy,
  selectIsLoading,
  selectLoadFailure,
  selectRows,
} from './banners-machine';
import { BANNER_MESSAGES_KEY as K } from './messages';
import { BannerNotice } from './BannerNotice';
import { type BannersActor, datesText, languageLabel } from './banners-view';

/** The two buttons that move a banner one place up or down the carousel. */
const MOVES = [
  { direction: 'up', label: 'moveUp', icon: ArrowUp },
  { direction: 'down', label: 'moveDown', icon: ArrowDown },
] as const;

const STATE_CLASS = {
  live: 'bg-success-soft text-success ring-success/20',
  scheduled: 'bg-info-soft text-info ring-info/20',
  ended: 'bg-sunken text-ink ring-edge/20',
  inactive: 'bg-warning-soft text-warning ring-warning/20',
} as const;

/** The banners in carousel order, each with its state, dates and actions. */
export function BannerList({ actor, t, imageBase }: { actor: BannersActor; t: TFunction; imageBase: string }) {
  const rows = useSelector(actor, selectRows);
  const loading = useSelector(actor, selectIsLoading);
  const failure = useSelector(actor, selectLoadFailure);
  const actionFailure = useSelector(actor, selectActionFailure);
  const action = useSelector(actor, selectAction);
  const busy = useSelector(actor, selectIsBusy);
  const today = localDay(new Date());

  return (
    <ManagedList
      intro={t(`${K}.intro`)}
      notices={
        <>
          <BannerNotice actor={actor} t={t} />
          {actionFailure && (
            <div className="mb-4">
              <FailureAlert failure={actionFailure} />
            </div>
          )}
        </>
      }
      loading={loading}
      loadingLabel={t(`${K}.loading`)}
      error={
        failure && (
          <FailureRetry
            failure={failure}
            title={t(`${K}.loadFailed`)}
            retryLabel={t(`${K}.retry`)}
            onRetry={() => actor.send({ type: 'list.retry' })}
          />
        )
      }
      emptyLabel={!loading && rows.length === 0 ? t(`${K}.empty`) : null}
    >
      {!loading && rows.length > 0 && (
        <ol aria-label={t(`${K}.list.label`)} aria-busy={busy} className="space-y-3">
          {rows.map((banner, index) => (
            <BannerRow
              key={banner.id}
              banner={banner}
              t={t}
              imageBase={imageBase}
              state={bannerState(banner, today)}
              working={action?.id === banner.id && action.kind === 'status'}
              busy={busy}
              first={index === 0}
              last={index === rows.length - 1}
              send={actor.send}
            />
          ))}
        </ol>
      )}
    </ManagedList>
  );
}

/** One banner: its place, image, title, state, language, dates and link, and its buttons. */
function BannerRow({
  banner,
  t,
  imageBase,
  state,
  working,
  busy,
  first,
  last,
  send,
}: {
  banner: BannerView;
  t: TFunction;
  imageBase: string;
  state: keyof typeof STATE_CLASS;
  /** Its status is being switched. */
  working: boolean;
  busy: boolean;
  first: boolean;
  last: boolean;
  send: BannersActor['send'];
}) {
  return (
    <li
      data-testid="banner-row"
      data-banner-id={banner.id}
      className="flex flex-col gap-3 rounded-lg border border-line bg-raised p-3 shadow-sm sm:flex-row sm:items-center"
    >
      <div className="flex items-start gap-3 sm:flex-1">
        <span className="mt-1 w-12 shrink-0 text-sm font-semibold whitespace-nowrap text-muted tabular-nums">
          {t(`${K}.list.position`, { position: banner.position })}
        </span>
        <img
          src={`${imageBase}${banner.imageUrl}`}
          alt={t(`${K}.list.image`, { title: banner.title })}
          loading="lazy"
          className="aspect-[3/1] w-28 shrink-0 rounded object-cover ring-1 ring-line sm:w-40"
        />
        <div className="min-w-0 flex-1 space-y-1">
          <p className="font-medium break-words text-ink">{banner.title}</p>
          <p className="flex flex-wrap items-center gap-2 text-xs text-muted">
            <span
              className={clsx('inline-flex rounded-full px-2 py-0.5 font-medium ring-1 ring-inset', STATE_CLASS[state])}
              data-state={state}
            >
              {t(`${K}.states.${state}`)}
            </span>
            <span>{languageLabel(t, banner.language)}</span>
            <span className="tabular-nums">{datesText(t, banner.startsOn, banner.endsOn)}</span>
          </p>
          <p className="truncate text-xs text-muted">{banner.link ?? t(`${K}.list.noLink`)}</p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2 sm:justify-end">
        {MOVES.map(({ direction, label, icon }) => (
          <RowButton
            key={direction}
            icon={icon}
            disabled={busy || (direction === 'up' ? first : last)}
            name={t(`${K}.list.${label}Named`, { title: banner.title })}
            title={t(`${K}.list.${label}`)}
            onClick={() => send({ type: 'banner.move', id: banner.id, direction })}
          />
        ))}
        <RowButton
          label={t(`${K}.list.edit`)}
          name={t(`${K}.list.editNamed`, { title: banner.title })}
          disabled={busy}
          onClick={() => send({ type: 'banner.edit', id: banner.id })}
        />
        <RowButton
          label={working ? t(`${K}.list.working`) : banner.active ? t(`${K}.list.deactivate`) : t(`${K}.list.activate`)}
          disabled={busy}
          onClick={() => send({ type: 'banner.toggle', id: banner.id })}
        />
        <RowButton
          label={t(`${K}.list.delete`)}
          name={t(`${K}.list.deleteNamed`, { title: banner.title })}
          danger
          disabled={busy}
          onClick={() => send({ type: 'banner.delete', id: banner.id })}
        />
      </div>
    </li>
  );
}
