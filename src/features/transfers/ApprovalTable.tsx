/** The approval requests of one page; only rows the caller may decide get a checkbox and buttons. */
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import type { ApprovalView } from '../../../contract/api/approvals';
import type { Language } from '../../i18n';
import { formatXof } from '../../i18n/format';
import { Clipped, ShortDateTime } from '../../ui/values';
import { PriorityTable } from '../../ui/table/PriorityTable';
import type { TableColumn } from '../../ui/table/table-types';
import type { Decision } from './authorize-machine';
import { AllCheckbox, ApprovalDecisions, ApprovalStatus } from './ApprovalCells';
import { flowLabelOf } from './flow-label';
import { PartyText } from '../../ui/parts';

export function ApprovalTable({
  rows,
  selected,
  lang,
  busy,
  onToggle,
  onToggleAll,
  onDecide,
}: {
  rows: readonly ApprovalView[];
  selected: readonly number[];
  lang: Language;
  busy: boolean;
  onToggle: (id: number) => void;
  onToggleAll: (selected: boolean) => void;
  onDecide: (decision: Decision, row: ApprovalView) => void;
}) {
  const { t } = useTranslation();
  const decidable = rows.filter((r) => r.canDecide);
  const chosen = decidable.filter((r) => selected.includes(r.id)).length;

  const column = (
    id: string,
    cell: (row: ApprovalView) => ReactNode,
    fit: Pick<TableColumn<ApprovalView>, 'width' | 'priority' | 'keep' | 'role' | 'numeric' | 'rowHeader'>,
  ): TableColumn<ApprovalView> => ({ id, header: t(`approvals.${id}`), cell, sortable: false, ...fit });
  const columns: TableColumn<ApprovalView>[] = [
    {
      id: 'select',
      header: decidable.length > 0 && (
        <AllCheckbox
          all={chosen === decidable.length}
          some={chosen > 0}
          label={t('approvals.selectAll')}
          onChange={onToggleAll}
        />
      ),
      fieldLabel: '',
      cell: (row) =>
        row.canDecide && (
          <input
            type="checkbox"
            className="size-4"
            aria-label={t('approvals.selectRow', { reference: row.reference })}
            checked={selected.includes(row.id)}
            onChange={() => onToggle(row.id)}
          />
        ),
      sortable: false,
      width: 40,
      priority: 0,
      keep: true,
      role: 'select',
    },
    // The kind of transfer is in the tab's filter and the row's details: it gives way before who.
    column('flow', (row) => flowLabelOf(row.flow, lang), { width: 150, priority: 4, role: 'type' }),
    column('reference', (row) => <span className="font-medium tabular-nums">{row.reference}</span>, {
      width: 160,
      priority: 0,
      keep: true,
      role: 'reference',
      rowHeader: true,
    }),
    column('amount', (row) => formatXof(row.amount, lang), {
      width: 120,
      priority: 0,
      keep: true,
      role: 'amount',
      numeric: true,
    }),
    column('fee', (row) => formatXof(row.fee, lang), {
      width: 100,
      priority: 0,
      keep: true,
      role: 'amount',
      numeric: true,
    }),
    // Who: the two sides and who asked give way after the status, before when it expires.
    column('source', (row) => <PartyText party={row.source} clip />, { width: 145, priority: 3, role: 'party' }),
    column('beneficiary', (row) => <PartyText party={row.destination} clip />, {
      width: 145,
      priority: 3,
      role: 'party',
    }),
    column('maker', (row) => <Clipped text={row.maker}>{row.maker}</Clipped>, {
      width: 110,
      priority: 4,
      role: 'party',
    }),
    column('created', (row) => <ShortDateTime value={row.createdAt} />, {
      width: 100,
      priority: 0,
      keep: true,
      role: 'date',
    }),
    column('expires', (row) => <ShortDateTime value={row.expiresAt} />, { width: 100, priority: 5 }),
    column('status', (row) => <ApprovalStatus row={row} />, { width: 120, priority: 1, role: 'status' }),
    // The deciding buttons stay in view with the money.
    column('actions', (row) => row.canDecide && <ApprovalDecisions row={row} onDecide={onDecide} />, {
      width: 190,
      priority: 0,
      keep: true,
      role: 'actions',
    }),
  ];

  return (
    <PriorityTable
      label={t('approvals.table')}
      busy={busy}
      columns={columns}
      rows={rows}
      rowKey={(row) => String(row.id)}
      rowTestId={(row) => `approval-${row.id}`}
    />
  );
}
