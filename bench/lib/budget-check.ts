import { BUDGET_HEADROOM, BUDGETS } from '../budgets';
import type { Measurement } from '../measurements/types';
import { type MeasuredSection, renderTable } from './report';

export interface BudgetResult {
  figure: string;
  budget: number;
  measured: number | null;
  ok: boolean;
  /** What the budget would be at BUDGET_HEADROOM above today's figure. */
  suggested: number | null;
  problem?: string;
}

/** Rounds up to the next KiB so suggested budgets stay readable. */
const suggestBudget = (measured: number) => Math.ceil((measured * BUDGET_HEADROOM) / 1024) * 1024;

/**
 * Compares the figures named in bench/budgets.ts with this run's. A budget may only name a
 * figure of a deterministic measurement (sizes, not timings), and must name one that exists.
 */
export function checkBudgets(sections: MeasuredSection[], budgets: Record<string, number> = BUDGETS): BudgetResult[] {
  const byId = new Map<string, MeasuredSection>(sections.map((s) => [s.measurement.id, s]));
  return Object.entries(budgets).map(([figure, budget]): BudgetResult => {
    const [measurementId = '', rowId = '', columnKey = ''] = figure.split('.');
    const section = byId.get(measurementId);
    const fail = (problem: string): BudgetResult => ({
      figure,
      budget,
      measured: null,
      ok: false,
      suggested: null,
      problem,
    });
    if (!section) return fail(`no measurement "${measurementId}"`);
    const measurement: Measurement = section.measurement;
    if (!measurement.deterministic) return fail(`"${measurementId}" is not deterministic: no budgets on timings`);
    const value = section.result.rows.find((r) => r.id === rowId)?.values[columnKey];
    if (value === undefined || value === null) return fail('figure not measured');
    return { figure, budget, measured: value, ok: value <= budget, suggested: suggestBudget(value) };
  });
}

export function renderBudgets(results: BudgetResult[]): string {
  const body = results.map((r) => [
    r.figure,
    r.measured === null ? '—' : `${r.measured.toLocaleString('en-US')} B`,
    `${r.budget.toLocaleString('en-US')} B`,
    r.measured === null || r.budget <= 0 ? '—' : `${(((r.budget - r.measured) / r.budget) * 100).toFixed(1)} %`,
    r.problem ? `BUDGET ERROR: ${r.problem}` : r.ok ? 'ok' : 'OVER BUDGET',
  ]);
  const notes: string[] = [];
  for (const r of results) {
    if (r.measured === null || r.suggested === null) continue;
    const fmt = (n: number) => `${n.toLocaleString('en-US')} B`;
    if (!r.ok) {
      notes.push(
        `!! ${r.figure} is ${fmt(r.measured - r.budget)} over its budget of ${fmt(r.budget)}.`,
        `   Shrink it, or if the growth is intended set it to ${r.suggested} in bench/budgets.ts.`,
      );
    } else if (r.suggested < r.budget * 0.9) {
      notes.push(`   ${r.figure} has room to spare: consider tightening its budget to ${r.suggested}.`);
    }
  }
  const table = renderTable(['Figure', 'Measured', 'Budget', 'Headroom', 'Status'], body);
  return [`Budgets (bench/budgets.ts, deterministic figures only)`, table, ...notes].join('\n');
}
