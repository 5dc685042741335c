/**
 * How report values are shown: amounts in XOF, counts, dates (dd-mm-yyyy, with HH:MM for
 * datetimes) and the ledger's codes (statuses, types, services…) as translated labels,
 * statuses as small coloured badges.
 */
import type { TFunction } from '../i18n/translator';
import type { ColumnDef } from '../../contract/reports';
import { FAMILY_OF_GROUP, familyOf, humanizeCode, type ValueFamily } from '../../contract/report-values';
import type { Language } from '../i18n';
import { formatDateDmy, formatDay, formatNumber, formatXof } from '../i18n/format';
import { accountPath, DetailLink, transactionPath } from './detail-links';
import type { CellValue } from './list/report-result';
import { StatusPill } from './StatusPill';

export { FAMILY_OF_GROUP, familyOf };

/** The translated label of a code, or the code made readable when no label is known. */
export function valueLabel(t: TFunction, family: ValueFamily | undefined, value: string): string {
  if (!family) return value;
  return t(`reports.values.${family}.${value}`, { defaultValue: humanizeCode(value) });
}

const pad = (n: number) => String(n).padStart(2, '0');

/** dd-mm-yyyy HH:MM in the browser's time zone (Dakar is UTC all year). */
export function formatDateTime(value: string): string {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  return `${formatDateDmy(d)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A report's status cell: the kit's StatusPill under the name the pages know. */
export { StatusPill as Badge };

export function isNumericKind(column: ColumnDef): boolean {
  return column.kind === 'amount' || column.kind === 'number';
}

/**
 * The account number a holder's cell stands for, in the row that holds it: transaction rows
 * carry their sides' numbers (fromNumber, toNumber) beside the names; account rows their number.
 */
const ACCOUNT_OF_HOLDER: Record<string, string> = { fromName: 'fromNumber', toName: 'toNumber', holder: 'number' };

/** A reference, an account number or a holder opens its detail page, where the user may open it. */
function linkTarget(key: string, value: string, row: Readonly<Record<string, CellValue>> | undefined) {
  if (key === 'reference') return transactionPath(value);
  if (key === 'number') return accountPath(value);
  const numberKey = ACCOUNT_OF_HOLDER[key];
  const number = numberKey ? row?.[numberKey] : undefined;
  return typeof number === 'string' && number !== '' ? accountPath(number) : null;
}

/** One table cell's content. Given its `row`, a holder's name links to the holder's account. */
export function renderCell(
  key: string,
  column: ColumnDef,
  value: CellValue | undefined,
  ctx: { lang: Language; t: TFunction; groupFamily?: ValueFamily; row?: Readonly<Record<string, CellValue>> },
) {
  if (value === null || value === undefined || value === '') return <span className="text-muted">—</span>;
  if (column.kind === 'text') {
    const to = linkTarget(key, String(value), ctx.row);
    if (to) return <DetailLink to={to}>{String(value)}</DetailLink>;
  }
  switch (column.kind) {
    case 'amount':
      return typeof value === 'number' ? formatXof(value, ctx.lang) : String(value);
    case 'number':
      return typeof value === 'number' ? formatNumber(value, ctx.lang) : String(value);
    case 'datetime':
      return formatDateTime(String(value));
    case 'date':
      return formatDay(String(value));
    case 'status': {
      const code = String(value);
      return <StatusPill value={code} label={valueLabel(ctx.t, familyOf(key), code)} />;
    }
    default:
      // The aggregate reports' group key is a service, network or type code.
      if (key === 'key' && ctx.groupFamily) return valueLabel(ctx.t, ctx.groupFamily, String(value));
      return String(value);
  }
}
