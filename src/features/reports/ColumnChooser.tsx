import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Check, Columns3 } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { Button } from '../../ui/Button';
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
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button variant="secondary" size="sm">
          <Columns3 size={16} aria-hidden />
          {t('reports.columns')}
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-40 max-h-select min-w-52 overflow-y-auto rounded-md border border-line bg-raised p-1 text-sm shadow-lg"
        >
          <DropdownMenu.Label className="px-2 py-1.5 text-xs font-semibold text-muted uppercase">
            {t('reports.chooseColumns')}
          </DropdownMenu.Label>
          {columns.map((c) => {
            const checked = visibleKeys.includes(c.key);
            return (
              <DropdownMenu.CheckboxItem
                key={c.key}
                checked={checked}
                disabled={checked && visibleKeys.length === 1}
                onCheckedChange={(show) => onToggle(c.key, show === true)}
                // Keep the menu open to pick several columns.
                onSelect={(e) => e.preventDefault()}
                className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-ink outline-none select-none data-[disabled]:opacity-50 data-[highlighted]:bg-accent-soft"
              >
                <span className="flex size-4 items-center justify-center rounded border border-edge">
                  <DropdownMenu.ItemIndicator>
                    <Check size={12} aria-hidden />
                  </DropdownMenu.ItemIndicator>
                </span>
                {c.def.title[lang]}
              </DropdownMenu.CheckboxItem>
            );
          })}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
