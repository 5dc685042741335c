import { useSelector } from '@xstate/react';
import { Download, FileUp, RotateCcw } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import type { ActorRefFrom } from 'xstate';
import type { BulkPayers } from '../../../contract/api/bulk';
import { templateCsv } from '../../../contract/bulk';
import type { Language } from '../../i18n';
import { Button } from '../../ui/Button';
import { SelectField } from '../../ui/form/FormField';
import { FailureAlert } from '../../ui/parts';
import { formatDateTime } from '../../ui/values';
import type { BulkApi } from './bulk-api';
import { saveBlob } from '../../ui/files/save-file';
import { type bulkMachine, selectFailure, selectFileName, selectIsBusy, selectSource } from './bulk-machine';

type BulkActor = ActorRefFrom<typeof bulkMachine>;

/**
 * Who pays a bulk payment: an admin picks the employer account (preselected when there is one);
 * an agent pays from its own till. Shown while choosing the file and in the preview, so a payer
 * the check refused can be changed without uploading again.
 */
export function PayerField({ actor, api }: { actor: BulkActor; api: BulkApi }) {
  const { t } = useTranslation();
  const id = useId();
  const op = actor.getSnapshot().context.op;
  const source = useSelector(actor, selectSource);
  const busy = useSelector(actor, selectIsBusy);
  const [payers, setPayers] = useState<BulkPayers | null>(null);
  useEffect(() => {
    if (op.kind !== 'payment') return;
    const controller = new AbortController();
    api
      .payers(controller.signal)
      .then((found) => {
        setPayers(found);
        if (found.partners.length === 1 && !actor.getSnapshot().context.source) {
          actor.send({ type: 'bulk.source.change', source: found.partners[0]?.number ?? '' });
        }
      })
      .catch(() => setPayers({ own: null, partners: [] }));
    return () => controller.abort();
  }, [op.kind, api, actor]);
  if (op.kind !== 'payment' || !payers) return null;
  if (payers.own) {
    return (
      <p className="text-sm text-ink">
        {t('bulk.source.agent')} <span className="font-medium tabular-nums">{payers.own.number}</span>
      </p>
    );
  }
  return (
    <SelectField
      id={`${id}-source`}
      label={t('bulk.source.label')}
      value={source}
      disabled={busy}
      onValue={(source) => actor.send({ type: 'bulk.source.change', source })}
    >
      <option value="">{t('bulk.source.placeholder')}</option>
      {payers.partners.map((p) => (
        <option key={p.number} value={p.number}>
          {p.label} ({p.number})
        </option>
      ))}
    </SelectField>
  );
}

/** Choosing the file: the template and the expected columns (and, for payments, who pays). */
export function FileStep({ actor, api, lang }: { actor: BulkActor; api: BulkApi; lang: Language }) {
  const { t } = useTranslation();
  const id = useId();
  const op = actor.getSnapshot().context.op;
  const busy = useSelector(actor, selectIsBusy);
  const fileName = useSelector(actor, selectFileName);

  return (
    <div className="space-y-4 rounded-lg border border-line bg-raised p-4 shadow-sm">
      <PayerField actor={actor} api={api} />
      <div>
        <label
          htmlFor={`${id}-file`}
          className="flex cursor-pointer flex-col items-center gap-2 rounded-lg border-2 border-dashed border-edge p-6 text-center hover:border-brand-600 focus-within:border-brand-600 focus-within:ring-2 focus-within:ring-brand-600"
        >
          <FileUp size={28} aria-hidden className="text-muted" />
          <span className="font-medium text-ink">{t('bulk.file.choose')}</span>
        </label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          className="sr-only"
          aria-describedby={`${id}-hint`}
          disabled={busy}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) actor.send({ type: 'bulk.file.selected', file, fileName: file.name });
            e.target.value = '';
          }}
        />
        <p id={`${id}-hint`} className="mt-1 text-center text-xs text-muted">
          {t('bulk.file.hint')}
        </p>
        {busy && (
          <p role="status" className="mt-2 text-sm text-muted">
            {t('bulk.file.parsing', { name: fileName })}
          </p>
        )}
      </div>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="text-sm text-ink">
          <p className="font-medium">{t('bulk.file.columns')}</p>
          <ul className="mt-1 list-inside list-disc">
            {op.columns.map((c) => (
              <li key={c.key}>
                <code className="rounded bg-sunken px-1">{c.header}</code> {c.label[lang]} (
                {c.required ? t('bulk.file.required') : t('bulk.file.optional')})
              </li>
            ))}
          </ul>
        </div>
        <Button
          variant="secondary"
          onClick={() => saveBlob(new Blob([templateCsv(op)], { type: 'text/csv' }), `${op.kind}-template.csv`)}
        >
          <Download size={16} aria-hidden />
          {t('bulk.file.template')}
        </Button>
      </div>
    </div>
  );
}

/** A file that could not be read, or a batch that ended rejected or failed. */
export function FailedStep({ actor, lang }: { actor: BulkActor; lang: Language }) {
  const { t } = useTranslation();
  const failure = useSelector(actor, selectFailure);
  void lang;
  let message = '';
  if (failure?.kind === 'file') {
    message = t(`bulk.fileErrors.${failure.problem.code}`, { columns: failure.problem.columns?.join(', ') ?? '' });
  } else if (failure?.kind === 'request') {
    message = failure.failure.network ? t('transfers.networkError') : failure.failure.message;
  } else if (failure?.kind === 'batch') {
    const { batch } = failure;
    message =
      batch.status === 'rejected'
        ? t('bulk.batch.rejectedBecause', { checker: batch.checker ?? '', reason: batch.reason ?? '' })
        : batch.status === 'expired'
          ? t('bulk.batch.expiredUndecided', { at: formatDateTime(batch.decidedAt ?? batch.createdAt) })
          : t('bulk.batch.stopped');
  }
  return (
    <div className="space-y-3">
      <FailureAlert failure={{ message, code: null, network: false, outcomeUnknown: false }}>
        <Button variant="secondary" onClick={() => actor.send({ type: 'bulk.reset' })}>
          <RotateCcw size={16} aria-hidden />
          {t('bulk.preview.another')}
        </Button>
      </FailureAlert>
    </div>
  );
}
