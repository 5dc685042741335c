import { useCallback, useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { RowError, RowWarning } from '../../../contract/bulk';
import type { Language } from '../../i18n';
import { formatNumber, formatXof } from '../../i18n/format';
import { useTranslation } from '../../i18n/react';
import type { bulkMachine } from './bulk-machine';

type BulkActor = ActorRefFrom<typeof bulkMachine>;

/** What the preview's table needs: each row's errors and warning, their wording, and the row edits. */
export function usePreviewRows(
  actor: BulkActor,
  errors: readonly RowError[],
  warnings: readonly RowWarning[],
  lang: Language,
) {
  const { t } = useTranslation();
  const op = actor.getSnapshot().context.op;
  const errorsByRow = useMemo(() => {
    const map = new Map<number, RowError[]>();
    for (const error of errors) map.set(error.rowNo, [...(map.get(error.rowNo) ?? []), error]);
    return map;
  }, [errors]);
  const warningsByRow = useMemo(() => new Map<number, RowWarning>(warnings.map((w) => [w.rowNo, w])), [warnings]);
  const label = useCallback((key: string) => op.columns.find((c) => c.key === key)?.label[lang] ?? key, [op, lang]);
  const describeError = useCallback(
    (e: RowError) =>
      t(`bulk.rowErrors.${e.code}`, {
        field: e.field ? label(e.field) : '',
        ...e.params,
        ...(typeof e.params?.max === 'number' ? { max: maxText(e.code, e.params.max, lang) } : {}),
      }),
    [t, label, lang],
  );
  const onEdit = useCallback(
    (rowNo: number, field: string, value: string) => actor.send({ type: 'bulk.row.edit', rowNo, field, value }),
    [actor],
  );
  const onDrop = useCallback((rowNo: number) => actor.send({ type: 'bulk.row.drop', rowNo }), [actor]);
  return { errorsByRow, warningsByRow, describeError, onEdit, onDrop };
}

/** A row's largest amount reads as money, in the language's one form; other maxima are counts. */
const maxText = (code: string, max: number, lang: Language) =>
  code === 'AMOUNT_TOO_LARGE' ? formatXof(max, lang) : formatNumber(max, lang);
