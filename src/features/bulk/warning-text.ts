import type { FeeBandWarning, RowWarning } from '../../../contract/bulk';
import { findTransferFlow } from '../../../contract/transfers';
import type { Language } from '../../i18n';
import { formatXof } from '../../i18n/format';
import type { TFunction } from '../../i18n/translator';

/** "Cash Out: XOF 25,000 on XOF 2,000,000; the schedule’s band is XOF 100–XOF 5,000". */
function feeBandText(t: TFunction, w: FeeBandWarning, lang: Language): string {
  const key = w.bandMinFee === w.bandMaxFee ? 'bulk.warnings.FEE_OUT_OF_BAND_fixed' : 'bulk.warnings.FEE_OUT_OF_BAND';
  return t(key, {
    flow: findTransferFlow(w.flow)?.title[lang] ?? w.flow,
    fee: formatXof(w.fee, lang),
    amount: formatXof(w.amount, lang),
    min: formatXof(w.bandMinFee, lang),
    max: formatXof(w.bandMaxFee, lang),
  });
}

/** A row's warning in the preview's Problems column. */
export function warningText(t: TFunction, w: RowWarning, lang: Language): string {
  return w.code === 'NAME_MISMATCH'
    ? t('bulk.warnings.NAME_MISMATCH', { name: w.name, holder: w.holder })
    : feeBandText(t, w, lang);
}

/** A row's warning in the list the batch's approver reads, which names the line. */
export function warningLine(t: TFunction, w: RowWarning, lang: Language): string {
  return w.code === 'NAME_MISMATCH'
    ? t('bulk.warnings.line', { row: w.rowNo, name: w.name, holder: w.holder })
    : t('bulk.warnings.feeLine', { row: w.rowNo, account: w.account, text: feeBandText(t, w, lang) });
}
