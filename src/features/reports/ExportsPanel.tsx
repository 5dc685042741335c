import { Download } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from '../../i18n/react';
import type { Language } from '../../i18n';
import { formatNumber } from '../../i18n/format';
import type { ExportJob } from './exports-machine';
import { Badge, formatDateTime, valueLabel } from '../../ui/values';

/** This report's export jobs, newest first, with their progress and, once done, a download link. */
export function ExportsPanel({
  jobs,
  lang,
  listError,
  createError,
}: {
  jobs: readonly ExportJob[];
  lang: Language;
  listError: string | null;
  createError: string | null;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  if (jobs.length === 0 && !listError && !createError) return null;
  return (
    <section
      aria-labelledby={headingId}
      className="mt-6 rounded-lg border border-slate-200 bg-white p-4 shadow-sm print:hidden"
    >
      <h2 id={headingId} className="mb-3 text-base font-semibold text-slate-900">
        {t('reports.exports.title')}
      </h2>
      {createError && (
        <p role="alert" className="mb-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {createError}
        </p>
      )}
      {listError && jobs.length === 0 && <p className="text-sm text-slate-500">{listError}</p>}
      <ul className="divide-y divide-slate-100">
        {jobs.map((job) => (
          <ExportRow key={job.id} job={job} lang={lang} />
        ))}
      </ul>
    </section>
  );
}

function ExportRow({ job, lang }: { job: ExportJob; lang: Language }) {
  const { t } = useTranslation();
  const name = t('reports.exports.name', {
    format: t(`reports.exports.${job.format}`, { defaultValue: job.format.toUpperCase() }),
    date: formatDateTime(job.createdAt),
  });
  const total = job.rowsTotal;
  const percent =
    total && total > 0 ? Math.min(100, Math.round((job.rowsDone / total) * 100)) : job.status === 'done' ? 100 : 0;
  const progressText =
    total === null
      ? t('reports.exports.progressUnknown', { done: formatNumber(job.rowsDone, lang) })
      : t('reports.exports.progress', { done: formatNumber(job.rowsDone, lang), total: formatNumber(total, lang) });
  return (
    <li data-export-id={job.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-2 text-sm">
      <span className="min-w-44 font-medium text-slate-800">{name}</span>
      <Badge value={job.status} label={valueLabel(t, 'status', job.status)} />
      {job.status !== 'failed' && (
        <div className="flex min-w-40 flex-1 items-center gap-2">
          <div
            role="progressbar"
            aria-label={name}
            aria-valuemin={0}
            aria-valuemax={total ?? undefined}
            aria-valuenow={total === null && job.status !== 'done' ? undefined : job.rowsDone}
            aria-valuetext={progressText}
            className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200"
          >
            <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
          </div>
          <span className="whitespace-nowrap text-xs text-slate-500 tabular-nums">{progressText}</span>
        </div>
      )}
      {job.status === 'failed' && (
        <span className="text-sm text-red-700">{job.error || t('reports.exports.failed')}</span>
      )}
      {job.status === 'done' && job.downloadUrl && (
        <a
          href={job.downloadUrl}
          download
          className="flex items-center gap-1 rounded-md bg-brand-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-800"
        >
          <Download size={16} aria-hidden />
          {t('reports.exports.download')}
          <span className="sr-only"> {name}</span>
        </a>
      )}
    </li>
  );
}
