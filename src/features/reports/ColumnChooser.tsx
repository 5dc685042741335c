import { Columns3 } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { Button } from '../../ui/Button';
import { Menu, MenuCheckboxItem, MenuContent, MenuLabel, MenuTrigger } from '../../ui/DropdownMenu';
import type { ReportDef } from '../../../contract/reports';
import type { Language } from '../../i18n';
import { columnsOf, type ReportColumn } from './report-query';

/** The chooser is offered on wide reports and on any report with a column hidden by default. */
function offersColumnChooser(report: ReportDef): boolean {
  const columns = columnsOf(report);
  return columns.length > 8 || columns.some((c) => c.def.optional);
}

export const columnsStorageKey = (reportId: string) => `reportColumns:${reportId}`;

function defaultVisible(columns: readonly ReportColumn[]): string[] {
  return columns.filter((c) => !c.def.optional).map((c) => c.key);
}

function readStored(reportId: string, columns: readonly ReportColumn[]): string[] | null {
  try {
    const raw = window.localStorage.getItem(columnsStorageKey(reportId));
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return null;
    const keys = columns.map((c) => c.key).filter((k) => parsed.includes(k));
    return keys.length > 0 ? keys : null;
  } catch {
    return null;
  }
}

/**
 * The visible columns of a report, in the report's order: the user's choice remembered in
 * localStorage (`reportColumns:<id>`), else every column that is not optional.
 */
export function useVisibleColumns(report: ReportDef) {
  const columns = columnsOf(report);
  const chooser = offersColumnChooser(report);
  const [visible, setVisible] = useState<string[]>(
    () => (chooser ? readStored(report.id, columns) : null) ?? defaultVisible(columns),
  );
  const toggle = useCallback(
    (key: string, show: boolean) => {
      setVisible((current) => {
        const wanted = new Set(current);
        if (show) wanted.add(key);
        else wanted.delete(key);
        // At least one column stays.
        if (wanted.size === 0) return current;
        const next = columnsOf(report)
          .map((c) => c.key)
          .filter((k) => wanted.has(k));
        try {
          window.localStorage.setItem(columnsStorageKey(report.id), JSON.stringify(next));
        } catch {
          // Storage full or disabled: the choice lasts for this visit only.
        }
        return next;
      });
    },
    [report],
  );
  return { columns, visible: columns.filter((c) => visible.includes(c.key)), visibleKeys: visible, toggle, chooser };
}

export function ColumnChooser({
  columns,
  visibleKeys,
  lang,
  onToggle,
}: {
  columns: readonly ReportColumn[];
  visibleKeys: readonly string[];
  lang: Language;
  onToggle: (key: string, show: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Menu modal={false}>
      <MenuTrigger asChild>
        <Button variant="secondary" size="sm">
          <Columns3 size={16} aria-hidden />
          {t('reports.columns')}
        </Button>
      </MenuTrigger>
      <MenuContent className="max-h-select">
        <MenuLabel className="uppercase">{t('reports.chooseColumns')}</MenuLabel>
        {columns.map((c) => {
          const checked = visibleKeys.includes(c.key);
          return (
            <MenuCheckboxItem
              key={c.key}
              checked={checked}
              disabled={checked && visibleKeys.length === 1}
              onCheckedChange={(show) => onToggle(c.key, show === true)}
            >
              {c.def.title[lang]}
            </MenuCheckboxItem>
          );
        })}
      </MenuContent>
    </Menu>
  );
}
