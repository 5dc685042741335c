/** The transfer limits in force, the change waiting for a second administrator, and the dialog to ask for new ones. */
import clsx from 'clsx';
import { LIMITS_SECTION } from '../../../contract/navigation/item-links';
import { OPENED_ITEM_CLASS } from '../../ui/opened-item';
import { useSelector } from '@xstate/react';
import { Clock, Pencil } from 'lucide-react';
import type { ActorRefFrom } from 'xstate';
import type { Language } from '../../i18n';
import { formatXof } from '../../i18n/format';
import { TextField } from '../../ui/form/FormField';
import { ConfirmDialog } from '../../ui/list/ConfirmDialog';
import { LoadError } from '../../ui/page-parts';
import { Button } from '../../ui/Button';
import { Fact, Facts, FailureAlert } from '../../ui/parts';
import { formatDateTime } from '../../ui/values';
import {
  LIMIT_FIELDS,
  type limitsMachine,
  selectLimitErrors,
  selectLimits,
  selectLimitsBusy,
  selectLimitsFailure,
  selectLimitsFormOpen,
  selectLimitsLoadError,
  selectLimitValues,
} from './limits-machine';
import type { Translate } from './messages';

type LimitsActor = ActorRefFrom<typeof limitsMachine>;

export function LimitsSection({
  actor,
  k,
  lang,
  opened,
}: {
  actor: LimitsActor;
  k: Translate;
  lang: Language;
  /** An inbox row opened the limits: they are marked, for the page to scroll to. */
  opened: boolean;
}) {
  const limits = useSelector(actor, selectLimits);
  const loadError = useSelector(actor, selectLimitsLoadError);
  return (
    <section
      id={LIMITS_SECTION}
      aria-labelledby="limits-title"
      aria-current={opened || undefined}
      tabIndex={opened ? -1 : undefined}
      className={clsx('mb-6', opened && OPENED_ITEM_CLASS)}
      data-testid="limits"
    >
      <div className="mb-3 flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id="limits-title" className="text-lg font-semibold text-ink">
            {k('limits.title')}
          </h2>
          {limits && (
            <p className="text-xs text-muted">
              {limits.effectiveFrom
                ? k('limits.since', { date: formatDateTime(limits.effectiveFrom) })
                : k('limits.configured')}
            </p>
          )}
        </div>
        <Button
          variant="secondary"
          size="sm"
          disabled={!limits || limits.pending !== null}
          onClick={() => actor.send({ type: 'limits.edit' })}
        >
          <Pencil size={14} aria-hidden />
          {k('limits.edit')}
        </Button>
      </div>
      {loadError !== null && <LoadError message={loadError} onRetry={() => actor.send({ type: 'limits.retry' })} />}
      {limits?.pending && (
        <p
          className="mb-2 flex items-start gap-2 rounded-md bg-warning-soft px-3 py-2 text-sm text-warning ring-1 ring-warning-line"
          data-testid="pending-limits"
        >
          <Clock size={16} aria-hidden className="mt-0.5 shrink-0" />
          {limits.pending.mine
            ? k('limits.pending.mine', { date: formatDateTime(limits.pending.createdAt) })
            : k('limits.pending.waits', {
                maker: limits.pending.maker,
                date: formatDateTime(limits.pending.createdAt),
              })}
        </p>
      )}
      {limits && (
        <Facts className="rounded-lg border border-line bg-raised px-4 py-1 shadow-sm">
          {LIMIT_FIELDS.map((field) => (
            <Fact key={field} label={k(`limits.${field}`)}>
              <span className="tabular-nums">{formatXof(limits[field], lang)}</span>
            </Fact>
          ))}
        </Facts>
      )}
      <LimitsDialog actor={actor} k={k} />
    </section>
  );
}

function LimitsDialog({ actor, k }: { actor: LimitsActor; k: Translate }) {
  const open = useSelector(actor, selectLimitsFormOpen);
  const values = useSelector(actor, selectLimitValues);
  const errors = useSelector(actor, selectLimitErrors);
  const failure = useSelector(actor, selectLimitsFailure);
  const busy = useSelector(actor, selectLimitsBusy);
  return (
    <ConfirmDialog
      open={open}
      busy={busy}
      title={k('limits.formTitle')}
      description={k('limits.formDescription')}
      cancelLabel={k('form.cancel')}
      confirmLabel={k('form.submit')}
      busyLabel={k('form.submitting')}
      onCancel={() => actor.send({ type: 'form.cancel' })}
      onConfirm={() => actor.send({ type: 'form.submit' })}
    >
      {failure && <FailureAlert failure={failure} />}
      {LIMIT_FIELDS.map((field) => (
        <TextField
          key={field}
          id={`limit-${field}`}
          label={k(`limits.${field}`)}
          inputMode="numeric"
          autoComplete="off"
          maxLength={17}
          value={values[field]}
          error={errors[field] ? k(`limits.errors.${errors[field]}`) : undefined}
          onValue={(value) => actor.send({ type: 'limit.change', field, value })}
        />
      ))}
    </ConfirmDialog>
  );
}
