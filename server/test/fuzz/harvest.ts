import fc from 'fast-check';
import { REPORTS } from '../../../contract/reports';
import { TRANSFER_FLOW_IDS } from '../../../contract/transfers';
import { BALANCE_IDS } from '../../../contract/navigation/balance-routes';
import { type FuzzCase, wellFormedCaseArb } from './cases';
import type { Operation } from './openapi';
import { type SendContext, send } from './send';
import type { ValueContext } from './values';

/** Field names whose values are credentials, never fed back into requests. */
const SECRET = /token|session|secret|password|otpauth|recovery|key$/i;

/**
 * Values the fuzzer should try because they exist: ids, account numbers, references, codes,
 * usernames seen in the API's own answers, keyed by field name. Path and body fields of the
 * same name then hit real rows, not only 404s.
 */
export class KnownValues {
  private readonly byName = new Map<string, unknown[]>();

  constructor() {
    // Ids the document cannot list: they live in the shared contract and the balance routes.
    this.add(
      'reportId',
      REPORTS.map((r) => r.id),
    );
    this.add('flowId', TRANSFER_FLOW_IDS);
    this.add('balanceId', Object.values(BALANCE_IDS));
  }

  add(name: string, values: readonly unknown[]) {
    const list = this.byName.get(name) ?? [];
    for (const value of values) {
      if (list.length >= 80) break;
      if (!list.includes(value)) list.push(value);
    }
    this.byName.set(name, list);
  }

  get(name: string): readonly unknown[] {
    return this.byName.get(name) ?? [];
  }

  /** Strings seen under any name that a field's pattern accepts (a merchant's number for "merchant"). */
  matching(pattern: RegExp): readonly unknown[] {
    const out = new Set<unknown>();
    for (const values of this.byName.values()) {
      for (const value of values) if (typeof value === 'string' && pattern.test(value)) out.add(value);
    }
    return [...out].slice(0, 20);
  }

  /** Walks a JSON payload and keeps its short scalar fields. */
  collect(value: unknown, name?: string) {
    if (Array.isArray(value)) {
      for (const item of value.slice(0, 20)) this.collect(item, name);
    } else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) this.collect(item, key);
    } else if (name && !SECRET.test(name)) {
      const usable =
        (typeof value === 'string' && value.length > 0 && value.length <= 64) ||
        (typeof value === 'number' && Number.isInteger(value));
      if (usable) this.add(name, [value]);
    }
  }
}

/**
 * Asks every GET operation once, well-formed and as the given user, and keeps what the
 * answers name. Runs before the fuzzing so that values are there from the first case.
 */
export async function harvest(
  sendContext: SendContext,
  operations: readonly Operation[],
  known: KnownValues,
  context: ValueContext,
): Promise<void> {
  for (const op of operations) {
    if (op.method !== 'GET') continue;
    // Several samples when a path parameter picks what is listed (report ids, list kinds).
    const runs = op.pathParams.length ? 8 : 1;
    for (const sample of fc.sample(wellFormedCaseArb(context, op), { seed: 7, numRuns: runs }) as FuzzCase[]) {
      const sent = await send(sendContext, op, sample);
      if (sent.status !== 200 || !/json/.test(sent.contentType)) continue;
      try {
        known.collect((JSON.parse(sent.text) as { payload?: unknown }).payload);
      } catch {
        // Not JSON after all: nothing to learn.
      }
    }
  }
}
