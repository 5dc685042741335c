/**
 * /unlink-qr: find a merchant's QR codes, or one code, and unlink a code with a
 * reason. An unlinked code no longer resolves (the API answers 410); the unlink is audited.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { Search } from 'lucide-react';
import { type FormEvent, useId } from 'react';
import { type ActorRefFrom, fromPromise } from 'xstate';
import { useServices } from '../../app/ServicesContext';
import { LoadError } from '../../ui/page-parts';
import { isLanguage, type Language } from '../../i18n';
import { usePageMessages } from '../../i18n/page-messages';
import { CONTROL_CLASS } from '../../ui/DateRangeControl';
import { PageFrame } from '../../ui/PageFrame';
import { Button } from '../../ui/Button';
import { FailureAlert } from '../../ui/parts';
import { TextAreaField } from '../../ui/form/FormField';
import { ConfirmDialog } from '../../ui/list/ConfirmDialog';
import { FilterField, SelectFilter } from '../../ui/list/FilterBar';
import { EmptyState } from '../../ui/list/ListFrame';
import { QrCodeTable } from './QrCodeTable';
import { QR_MESSAGES_KEY, qrMessages } from './messages';
import { unlinkMachine } from './unlink-machine';
import type { HostedPageProps } from '../../ui/hosted-page';
import { qrApi } from './qr-api';
import { REASON_MIN } from '../../../contract/reasons';

type UnlinkActor = ActorRefFrom<typeof unlinkMachine>;
type Translate = (key: string, options?: Record<string, unknown>) => string;

export default function UnlinkQrPage({ title }: HostedPageProps) {
  const { t, i18n } = usePageMessages(QR_MESSAGES_KEY, qrMessages);
  const lang: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  const services = useServices();
  const k: Translate = (key, options) => t(`${QR_MESSAGES_KEY}.unlink.${key}`, options ?? {});
  const actor = useActorRef(
    unlinkMachine.provide({
      actors: {
        findCodes: fromPromise(({ input, signal }) => qrApi(services.api).find(input, signal)),
        unlinkCode: fromPromise(({ input }) => qrApi(services.api).unlink(input.code, input.reason)),
      },
      actions: {
        announce: (_, { qr }) =>
          services.notifications.notify(services.i18n.t(`${QR_MESSAGES_KEY}.unlink.done`, { code: qr.code })),
      },
    }),
  );
  const result = useSelector(actor, (s) => s.context.result);
  const loadError = useSelector(actor, (s) => s.context.loadError);
  const searching = useSelector(actor, (s) => s.hasTag('searching'));
  return (
    <PageFrame title={title}>
      <p className="mb-4 max-w-3xl text-sm text-muted">{k('intro')}</p>
      <SearchForm actor={actor} k={k} />
      {loadError && <LoadError message={loadError} onRetry={() => actor.send({ type: 'search.retry' })} />}
      {result && result.total === 0 && !searching && <EmptyState>{k('empty')}</EmptyState>}
      {result && result.rows.length > 0 && (
        <QrCodeTable
          codes={result.rows}
          busy={searching}
          lang={lang}
          k={k}
          onUnlink={(code) => actor.send({ type: 'unlink.start', code })}
        />
      )}
      <UnlinkDialog actor={actor} k={k} />
    </PageFrame>
  );
}

function SearchForm({ actor, k }: { actor: UnlinkActor; k: Translate }) {
  const id = useId();
  const query = useSelector(actor, (s) => s.context.query);
  const status = useSelector(actor, (s) => s.context.status);
  const queryError = useSelector(actor, (s) => s.context.queryError);
  const searching = useSelector(actor, (s) => s.hasTag('searching'));
  function submit(event: FormEvent) {
    event.preventDefault();
    actor.send({ type: 'search.submit' });
    if (actor.getSnapshot().context.queryError) document.getElementById(`${id}-q`)?.focus();
  }
  return (
    <search aria-label={k('searchLabel')} className="mb-4">
      <form
        noValidate
        onSubmit={submit}
        className="flex flex-wrap items-end gap-3 rounded-lg border border-line bg-raised p-3 shadow-sm"
      >
        <FilterField id={`${id}-q`} label={k('search')} width="sm:w-96">
          <input
            id={`${id}-q`}
            type="search"
            value={query}
            maxLength={80}
            autoComplete="off"
            aria-describedby={`${id}-hint${queryError ? ` ${id}-error` : ''}`}
            aria-invalid={queryError}
            onChange={(e) => actor.send({ type: 'query.change', value: e.target.value })}
            className={`${CONTROL_CLASS} aria-[invalid=true]:border-danger`}
          />
          <p id={`${id}-hint`} className="text-xs text-muted">
            {k('searchHint')}
          </p>
          {queryError && (
            <p id={`${id}-error`} className="text-sm font-medium text-danger">
              {k('queryError')}
            </p>
          )}
        </FilterField>
        <SelectFilter
          label={k('status')}
          value={status}
          choices={[
            { value: 'linked', label: k('statusLinked') },
            { value: 'all', label: k('statusAll') },
          ]}
          onChange={(value) => actor.send({ type: 'status.change', value: value as 'linked' | 'all' })}
        />
        <Button
          type="submit"
          variant="secondary"
          loading={searching}
          loadingLabel={k('finding')}
          size="sm"
          className="mb-auto self-start sm:mt-5"
        >
          <Search size={16} aria-hidden />
          {k('find')}
        </Button>
      </form>
    </search>
  );
}

function UnlinkDialog({ actor, k }: { actor: UnlinkActor; k: Translate }) {
  const id = useId();
  const open = useSelector(actor, (s) => s.hasTag('dialog'));
  const target = useSelector(actor, (s) => s.context.target);
  const reason = useSelector(actor, (s) => s.context.reason);
  const reasonError = useSelector(actor, (s) => s.context.reasonError);
  const failure = useSelector(actor, (s) => s.context.failure);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  return (
    <ConfirmDialog
      open={open}
      busy={busy}
      title={k('dialogTitle', { code: target?.code ?? '' })}
      description={k('dialogText', { name: target?.merchant.name ?? '' })}
      cancelLabel={k('cancel')}
      confirmLabel={k('confirm')}
      busyLabel={k('working')}
      onCancel={() => actor.send({ type: 'unlink.cancel' })}
      onConfirm={() => {
        actor.send({ type: 'unlink.confirm' });
        if (actor.getSnapshot().context.reasonError) document.getElementById(`${id}-reason`)?.focus();
      }}
    >
      <TextAreaField
        id={`${id}-reason`}
        label={k('reason')}
        hint={k('reasonHint', { min: REASON_MIN })}
        error={reasonError ? k('reasonError', { min: REASON_MIN }) : undefined}
        rows={3}
        maxLength={300}
        required
        value={reason}
        onValue={(value) => actor.send({ type: 'reason.change', value })}
        className="w-full rounded-md border border-edge px-3 py-2 text-base aria-[invalid=true]:border-danger"
      />
      {failure && <FailureAlert failure={failure} />}
    </ConfirmDialog>
  );
}
