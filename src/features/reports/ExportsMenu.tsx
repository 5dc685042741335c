import { Download, FileDown } from 'lucide-react';
import { useTranslation } from '../../i18n/react';
import type { Language } from '../../i18n';
import { Menu, MenuContent, MenuItem, MenuLabel, MenuTrigger } from '../../ui/DropdownMenu';
import { followFreshLink } from '../../ui/files/save-file';
import { Badge, formatDateTime, valueLabel } from '../../ui/values';
import { exportName, exportProgressText } from './export-notice';
import { type ExportJob, isActive } from './exports-machine';

/**
 * The exports menu of the page header: the user's running and recent export jobs, newest
 * first, each with its progress or, once done, the server's download link.
 */
export function ExportsMenu({
  jobs,
  lang,
  listError,
  className,
  freshDownloadUrl,
}: {
  jobs: readonly ExportJob[];
  lang: Language;
  listError: string | null;
  className: string;
  /** Download links are signed for a few minutes: each click asks for a new one. */
  freshDownloadUrl: (jobId: string) => Promise<string | null>;
}) {
  const { t } = useTranslation();
  const running = jobs.filter(isActive).length;
  return (
    <Menu>
      <MenuTrigger className={className}>
        <FileDown size={16} aria-hidden />
        {t('reports.exports.title')}
        {running > 0 && (
          <span className="rounded-full bg-brand-700 px-1.5 text-xs font-semibold text-brand-50 tabular-nums">
            <span aria-hidden>{running}</span>
            <span className="sr-only">{t('reports.exports.runningCount', { n: running })}</span>
          </span>
        )}
      </MenuTrigger>
      <MenuContent wide>
        <MenuLabel className="tracking-wide uppercase">{t('reports.exports.recent')}</MenuLabel>
        {jobs.length === 0 && <p className="px-2 py-2 text-muted">{listError ?? t('reports.exports.none')}</p>}
        {jobs.map((job) => (
          <JobItem key={job.id} job={job} lang={lang} freshDownloadUrl={freshDownloadUrl} />
        ))}
      </MenuContent>
    </Menu>
  );
}

function JobItem({
  job,
  lang,
  freshDownloadUrl,
}: {
  job: ExportJob;
  lang: Language;
  freshDownloadUrl: (jobId: string) => Promise<string | null>;
}) {
  const { t } = useTranslation();
  const name = exportName(t, job, lang);
  const facts = (
    <span className="flex min-w-0 flex-1 flex-col">
      <span className="font-medium break-words text-ink">{name}</span>
      <span className="text-xs text-muted tabular-nums">
        {formatDateTime(job.createdAt)}
        {isActive(job) && ` · ${exportProgressText(t, job, lang)}`}
      </span>
    </span>
  );
  if (job.status === 'done' && job.downloadUrl) {
    return (
      <MenuItem asChild>
        <a
          href={job.downloadUrl}
          download
          onClick={followFreshLink(() => freshDownloadUrl(job.id))}
          data-export-id={job.id}
          className="gap-3 py-2"
        >
          {facts}
          <span className="flex items-center gap-1 font-medium text-accent">
            <Download size={16} aria-hidden />
            {t('reports.exports.download')}
          </span>
        </a>
      </MenuItem>
    );
  }
  return (
    <MenuItem disabled data-export-id={job.id} className="cursor-default gap-3 py-2">
      {facts}
      <Badge value={job.status} label={valueLabel(t, 'status', job.status)} />
    </MenuItem>
  );
}
