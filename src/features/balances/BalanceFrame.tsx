/**
 * What both balance pages draw around their figures: the page frame with its print button, the
 * error with Try again, and placeholders until the answer arrives (the answer is loaded through
 * useLoad, which also holds the scroll restoration until it is shown).
 */
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import { PageFrame } from '../../ui/PageFrame';
import type { Loaded } from '../../ui/list/use-list-page';
import { CardsSkeleton, LoadError, PrintButton } from '../../ui/page-parts';

export function BalanceFrame<R>({
  title,
  loaded,
  cards,
  before,
  children,
}: {
  title: string;
  loaded: Loaded<R>;
  /** How many figure cards the placeholder shows. */
  cards: number;
  /** Shown above the figures whatever their state (the period control). */
  before?: ReactNode;
  children: (answer: R) => ReactNode;
}) {
  const { t } = useTranslation();
  const { loading, failed, error, result, retry } = loaded;
  const shown = loading ? null : result;
  return (
    <PageFrame title={title} actions={<PrintButton />}>
      <div data-print-root className="min-w-0 space-y-4" aria-busy={loading}>
        {before}
        {failed && <LoadError message={error} onRetry={retry} />}
        {!failed && !shown && (
          <>
            <p role="status" className="sr-only">
              {t('reports.loading')}
            </p>
            <CardsSkeleton count={cards} />
          </>
        )}
        {!failed && shown && children(shown)}
      </div>
    </PageFrame>
  );
}
