import { TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import type { BulkBatchView } from '../../../contract/api/bulk';
import type { Language } from '../../i18n';
import { formatNumber } from '../../i18n/format';
import { useTranslation } from '../../i18n/react';
import { warningLine } from './warning-text';

/** The rows of a batch worth a look before deciding: a holder's name that differs, a fee outside its band. */
export function BatchWarnings({ batch, lang }: { batch: BulkBatchView; lang: Language }) {
  const { t } = useTranslation();
  const id = useId();
  if (!batch.warnings || batch.warnings.length === 0) return null;
  const warnings = batch.warnings;
  return (
    <section
      className="rounded-md border border-warning-line bg-warning-soft p-3 text-sm text-warning"
      aria-labelledby={`${id}-warnings`}
      data-testid="bulk-batch-warnings"
    >
      <h3 id={`${id}-warnings`} className="flex items-center gap-2 font-semibold">
        <TriangleAlert size={16} aria-hidden />
        {t(batch.kind === 'payment' ? 'bulk.warnings.title' : 'bulk.warnings.feeTitle')} (
        {formatNumber(warnings.length, lang)})
      </h3>
      <ul className="mt-1 space-y-0.5">
        {warnings.map((w) => (
          <li key={w.rowNo}>{warningLine(t, w, lang)}</li>
        ))}
      </ul>
    </section>
  );
}
