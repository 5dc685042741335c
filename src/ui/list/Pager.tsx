import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from '../../i18n/react';
import type { Language } from '../../i18n';
import { formatNumber } from '../../i18n/format';
import { PAGE_SIZES } from './report-result';

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** Previous / Next, "Page X of Y" and the page size. */
export function Pager({
  page,
  pageSize,
  total,
  lang,
  disabled,
  onPage,
  onPageSize,
}: {
  page: number;
  pageSize: number;
  total: number;
  lang: Language;
  disabled: boolean;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const pages = pageCount(total, pageSize);
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  const button =
    'flex h-9 items-center gap-1 rounded-md border border-edge bg-raised px-3 text-sm font-medium text-ink hover:bg-surface disabled:cursor-not-allowed disabled:opacity-50';
  return (
    <nav
      aria-label={t('reports.pager.label')}
      className="mt-3 flex flex-wrap items-center justify-between gap-3 text-sm text-muted print:hidden"
    >
      <div className="flex items-center gap-2">
        <label htmlFor={`${id}-size`}>{t('reports.pager.pageSize')}</label>
        <select
          id={`${id}-size`}
          value={pageSize}
          onChange={(e) => onPageSize(Number(e.target.value))}
          className="h-9 rounded-md border border-edge bg-raised px-2"
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
        <span aria-live="polite">
          {t('reports.pager.showing', {
            first: formatNumber(first, lang),
            last: formatNumber(last, lang),
            total: formatNumber(total, lang),
          })}
        </span>
      </div>
      <div className="flex items-center gap-2">
        <button type="button" className={button} disabled={disabled || page <= 1} onClick={() => onPage(page - 1)}>
          <ChevronLeft size={16} aria-hidden />
          {t('reports.pager.previous')}
        </button>
        <span data-testid="page-indicator" className="whitespace-nowrap">
          {t('reports.pager.page', { page: formatNumber(page, lang), pages: formatNumber(pages, lang) })}
        </span>
        <button type="button" className={button} disabled={disabled || page >= pages} onClick={() => onPage(page + 1)}>
          {t('reports.pager.next')}
          <ChevronRight size={16} aria-hidden />
        </button>
      </div>
    </nav>
  );
}

/** The pager of a checker queue: its page events go to the queue's machine. */
export function QueuePager({
  actor,
  query,
  total,
  lang,
  disabled,
}: {
  actor: { send(event: { type: 'page.change'; page: number } | { type: 'pageSize.change'; pageSize: number }): void };
  query: { page: number; pageSize: number };
  total: number;
  lang: Language;
  disabled: boolean;
}) {
  return (
    <Pager
      page={query.page}
      pageSize={query.pageSize}
      total={total}
      lang={lang}
      disabled={disabled}
      onPage={(page) => actor.send({ type: 'page.change', page })}
      onPageSize={(pageSize) => actor.send({ type: 'pageSize.change', pageSize })}
    />
  );
}
