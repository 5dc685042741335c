import { findReport } from '../../../contract/reports';
import type { Language } from '../../i18n';
import { formatNumber } from '../../i18n/format';
import type { TFunction } from '../../i18n/translator';
import type { ExportJob } from './exports-machine';

/** "Transaction Report (CSV)": which report and format a job is. */
export function exportName(t: TFunction, job: ExportJob, lang: Language): string {
  return t('reports.exports.jobName', {
    report: findReport(job.reportId)?.title[lang] ?? job.reportId,
    format: t(`reports.exports.${job.format}`, { defaultValue: job.format.toUpperCase() }),
  });
}

/** "120 of 2,000 rows", or the rows so far while the total is being counted. */
export function exportProgressText(t: TFunction, job: ExportJob, lang: Language): string {
  return job.rowsTotal === null
    ? t('reports.exports.progressUnknown', { done: formatNumber(job.rowsDone, lang) })
    : t('reports.exports.progress', {
        done: formatNumber(job.rowsDone, lang),
        total: formatNumber(job.rowsTotal, lang),
      });
}

/**
 * The notification of a job the user asked for: its progress while it runs, then a Download
 * link (the server's own URL, asked again on each click since it expires) or why it failed. `again` says the request found this job
 * already under way instead of starting another.
 */
export function exportNotice(
  t: TFunction,
  job: ExportJob,
  lang: Language,
  again: boolean,
  freshDownloadUrl: (jobId: string) => Promise<string | null>,
) {
  const name = exportName(t, job, lang);
  if (job.status === 'done' && job.downloadUrl) {
    return {
      message: t('reports.exports.ready', { name }),
      // The link is signed for a few minutes: a click after that asks the server for a new one.
      action: {
        label: t('reports.exports.download'),
        href: job.downloadUrl,
        freshHref: () => freshDownloadUrl(job.id),
      },
    };
  }
  if (job.status === 'failed') return { message: `${name}: ${job.error || t('reports.exports.failed')}` };
  return {
    message: t(again ? 'reports.exports.again' : 'reports.exports.running', { name }),
    progress: { done: job.rowsDone, total: job.rowsTotal, text: exportProgressText(t, job, lang) },
  };
}
