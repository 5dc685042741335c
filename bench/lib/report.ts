import type { Column, Measurement, MeasurementResult, Unit } from '../measurements/types';

export interface MeasuredSection {
  measurement: Measurement;
  result: MeasurementResult;
}

const MiB = 1024 * 1024;

function formatValue(value: number | null | undefined, unit: Unit): string {
  if (value === null || value === undefined) return '—';
  switch (unit) {
    case 'bytes':
      return value >= 10 * MiB ? `${(value / MiB).toFixed(1)} MiB` : `${value.toLocaleString('en-US')} B`;
    case 'ms':
      return `${value.toFixed(2)} ms`;
    case 'count':
      return value.toLocaleString('en-US');
    case 'ratio':
      return `${value.toFixed(2)}×`;
    case 'flag':
      return value ? 'yes' : 'no';
  }
}

/** A plain-text table: first column left-aligned, the others right-aligned. */
export function renderTable(header: string[], body: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ');
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return [line(header), rule, ...body.map(line)].join('\n');
}

export function renderSection({ measurement, result }: MeasuredSection): string {
  const header = ['', ...measurement.columns.map((c: Column) => c.label)];
  const body = result.rows.map((row) => [
    row.label,
    ...measurement.columns.map((c) => formatValue(row.values[c.key], c.unit)),
  ]);
  return `${measurement.title}\n${renderTable(header, body)}`;
}
