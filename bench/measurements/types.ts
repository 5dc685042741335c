/**
 * A measurement is one file in bench/measurements/ exporting a `Measurement`; list it in
 * ./index.ts. Each returns rows; every figure is addressable as `<measurement>.<row>.<column>`
 * (e.g. `bundle.login.jsGzip`), which is how bench/budgets.ts and results.json name it.
 */

/** `ratio`: a figure divided by its floor, printed as `1.23×`; `flag`: 1 or 0, printed as yes or no. */
export type Unit = 'bytes' | 'ms' | 'count' | 'ratio' | 'flag';

export interface Column {
  key: string;
  label: string;
  unit: Unit;
}

export interface Row {
  /** Stable id within the measurement (kebab-case); part of the figure name. */
  id: string;
  /** What the row measures, for the printed table. */
  label: string;
  /** Column key to figure; null when not available (e.g. no /proc outside Linux). */
  values: Record<string, number | null>;
  /** Anything worth keeping in results.json but not printing (file lists, URLs...). */
  detail?: Record<string, unknown>;
}

export interface MeasurementResult {
  rows: Row[];
  /** Extra facts about the run for results.json (e.g. the browser version). */
  meta?: Record<string, unknown>;
}

export interface BenchContext {
  /** http://127.0.0.1:<port> of the server under test. */
  baseUrl: string;
  /** The server's process id (the Node process itself, for /proc). */
  serverPid: number;
  engine: 'pglite' | 'postgres';
}

export interface Measurement {
  /** Stable id (kebab-case); the first part of every figure name. */
  id: string;
  title: string;
  columns: Column[];
  /** True when its figures do not depend on timing or the machine, so they may carry budgets. */
  deterministic: boolean;
  run(ctx: BenchContext): Promise<MeasurementResult>;
}
