/**
 * The bulk-operation endpoints of contract/bulk.ts on top of the fake API, answering
 * exactly the contract's shapes and judging rows with the contract's own functions, as the
 * real API does: payers, check, submit (idempotent by content), batch lists, one batch,
 * maker-checker decisions and the per-row results CSV.
 *
 * What a second person or the background runner does is done here by the test: `decide`
 * (another admin approves or rejects), `progress` and `finish` (rows are paid). The
 * dashboard sees those changes on its next poll. A test decides how the next submission
 * ends (stored, refused, or lost on the way), and holds any request with `api.hold(path)`.
 */
import { type GroupKey, groupIdTable, groupKeyForId, hasAdminMenu } from '../../../contract/groups';
import { HEADER } from '../../../contract/http';
import {
  BULK_KINDS,
  type BulkKind,
  type BulkOperationDef,
  type BulkRow,
  bulkOperation,
  cleanValue,
  MAX_BULK_ROWS,
  namesMatch,
  phoneKey,
  type RowError,
  type RowWarning,
  validateRows,
} from '../../../contract/bulk';
import type { BulkBatchView, BulkCheckRequest, BulkCheckResult, BulkSubmitResult } from '../../../contract/api/bulk';
import { type FakeAnswer, type FakeApi, failure, type RecordedCall, success } from './fake-api';

export interface FakeWallet {
  number: string;
  name: string;
  /** As the ledger stores it: +221XXXXXXXXX. */
  phone: string;
}

export const BULK_WALLETS: readonly FakeWallet[] = [
  { number: 'CUS-000001', name: 'Awa Diallo', phone: '+221771112233' },
  { number: 'CUS-000002', name: 'Ibrahima Fall', phone: '+221761234567' },
  { number: 'CUS-000003', name: 'Khady Sarr', phone: '+221785551234' },
];

/** The one employer account an admin may pay from, so the page preselects it. */
export const PAYROLL_PAYER = { number: 'PRT-PAYROLL-01', label: 'Sonatel Payroll', balance: 5_000_000 };
export const AGENT_PAYER = { number: 'AGT-00001', label: 'Moussa Diop', balance: 750_000 };

/** The fake's fee schedule for a payroll payment row: 1 %, at least 100 XOF. */
export const bulkFeeOf = (amount: number) => Math.max(100, Math.round(amount / 100));

const BATCH_CLOCK_START = Date.parse('2025-03-04T09:05:00.000Z');
/** Marks an answer the fetch wrapper turns into a CSV file (the fake API itself answers JSON). */
const CSV_FILE = '__fakeBulkCsvFile';
const groupIds = groupIdTable({ usePrimary: true });

const usernameOf = (call: RecordedCall) =>
  /^token-\d+-(.+)$/.exec(call.headers.get(HEADER.sessionToken) ?? '')?.[1] ?? '';

/** How the next submission ends. */
export type BulkSubmitFate =
  | { kind: 'accept' }
  | { kind: 'refuse'; status: number; code: string; message: string }
  /** The request never reaches the server: nothing is stored, nothing answers. */
  | { kind: 'drop' };

export interface FakeBatchRow {
  row: BulkRow;
  status: 'pending' | 'done' | 'failed';
  transaction: string | null;
  error: string | null;
}

export interface FakeBatch {
  id: string;
  kind: BulkKind;
  fileName: string;
  status: BulkBatchView['status'];
  makerUsername: string;
  maker: string;
  checker: string | null;
  reason: string | null;
  source: string | null;
  rows: FakeBatchRow[];
  totalAmount: number;
  totalFees: number;
  createdAt: string;
  decidedAt: string | null;
  finishedAt: string | null;
  /** The request's content: the same rows sent again by the same user answer this batch. */
  contentKey: string;
}

/** One request received by check or submit: what was sent and how it was answered. */
export interface ReceivedBulkRequest {
  kind: BulkKind;
  username: string;
  body: unknown;
  status: number;
  answer?: BulkCheckResult;
}

interface Caller {
  username: string;
  name: string;
  group: GroupKey;
  /** Groups shown the admin menu are granted what admins are granted (server/http/session.ts). */
  isAdmin: boolean;
}

const validation = (message: string): FakeAnswer => ({ status: 400, body: failure('VALIDATION_FAILED', message) });

/** The request body as the API's zod schema reads it, or the 400 it answers. */
function readRequest(op: BulkOperationDef, body: unknown): BulkCheckRequest | FakeAnswer {
  if (!body || typeof body !== 'object') return validation('The body must be a JSON object.');
  const { fileName, source, rows } = body as Record<string, unknown>;
  if (typeof fileName !== 'string' || !fileName.trim() || fileName.length > 200) {
    return validation('fileName: 1 to 200 characters.');
  }
  if (source !== undefined && (typeof source !== 'string' || source.length > 40)) {
    return validation('source: at most 40 characters.');
  }
  if (!Array.isArray(rows) || rows.length < 1 || rows.length > MAX_BULK_ROWS) {
    return validation(`rows: 1 to ${MAX_BULK_ROWS} rows.`);
  }
  const seen = new Set<number>();
  const cleaned: BulkRow[] = [];
  for (const row of rows as unknown[]) {
    const { rowNo, values } = (row ?? {}) as { rowNo?: unknown; values?: unknown };
    if (typeof rowNo !== 'number' || !Number.isInteger(rowNo) || rowNo < 2) return validation('rowNo: an integer ≥ 2.');
    if (seen.has(rowNo)) return validation('rows: each rowNo must be unique.');
    seen.add(rowNo);
    if (!values || typeof values !== 'object') return validation('values: an object of text cells.');
    const cells = values as Record<string, unknown>;
    if (Object.values(cells).some((v) => typeof v !== 'string' || v.length > 200)) {
      return validation('values: text cells of at most 200 characters.');
    }
    // Cleaned as the browser cleans them, so the server judges exactly what the preview showed.
    cleaned.push({
      rowNo,
      values: Object.fromEntries(op.columns.map((c) => [c.key, cleanValue(c.key, String(cells[c.key] ?? ''))])),
    });
  }
  return { fileName: fileName.trim(), ...(typeof source === 'string' ? { source: source.trim() } : {}), rows: cleaned };
}

interface Gate {
  /** Called by the held request: resolves on release. */
  pass: () => Promise<void>;
  release: () => void;
  reached: Promise<void>;
}

function createGate(): Gate {
  let release!: () => void;
  let arrived!: () => void;
  const open = new Promise<void>((resolve) => {
    release = resolve;
  });
  const reached = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  return {
    pass: () => {
      arrived();
      return open;
    },
    release,
    reached,
  };
}

const isAnswer = (value: unknown): value is FakeAnswer => !!value && typeof value === 'object' && 'body' in value;

export type FakeBulk = ReturnType<typeof installFakeBulk>;

export function installFakeBulk(api: FakeApi, options: { wallets?: readonly FakeWallet[] } = {}) {
  const wallets = options.wallets ?? BULK_WALLETS;
  const walletByPhone = new Map(wallets.map((w) => [phoneKey(w.phone), w]));
  const batches: FakeBatch[] = [];
  const checks: ReceivedBulkRequest[] = [];
  const submissions: ReceivedBulkRequest[] = [];
  const fates: BulkSubmitFate[] = [];
  const holds: { check: Gate[]; submit: Gate[] } = { check: [], submit: [] };
  let sequence = 0;
  let clock = BATCH_CLOCK_START;
  const now = () => {
    clock += 60_000;
    return new Date(clock).toISOString();
  };

  function callerOf(call: RecordedCall): Caller | FakeAnswer {
    const user = api.users.find((u) => u.username === usernameOf(call));
    if (!user) return { status: 401, body: failure('SESSION_EXPIRED', 'Please sign in.', { sessionExpired: true }) };
    const group = groupKeyForId(user.groupId, groupIds) as GroupKey;
    return { username: user.username, name: user.name, group, isAdmin: hasAdminMenu(group) };
  }
  const permission = (caller: Caller): GroupKey => (caller.isAdmin ? 'admin' : caller.group);

  function operationFor(kind: BulkKind, caller: Caller): BulkOperationDef | FakeAnswer {
    const op = bulkOperation(kind) as BulkOperationDef;
    if (!(op.groups as readonly string[]).includes(permission(caller))) {
      return { status: 403, body: failure('FORBIDDEN', `Your group may not run the ${op.title.en} operation.`) };
    }
    return op;
  }

  const payerOf = (caller: Caller, source: string | undefined) => {
    if (!caller.isAdmin) return AGENT_PAYER;
    if (!source) return null;
    return source.toUpperCase() === PAYROLL_PAYER.number ? PAYROLL_PAYER : null;
  };

  /** The API's check: the rows' own errors, then what only the server knows, then the totals. */
  function check(op: BulkOperationDef, caller: Caller, request: BulkCheckRequest): BulkCheckResult {
    const errors: RowError[] = validateRows(op, request.rows);
    if (op.kind !== 'payment') {
      const bad = new Set(errors.map((e) => e.rowNo)).size;
      const totals = { rows: request.rows.length, payable: request.rows.length - bad, amount: 0, fees: 0 };
      return { errors, warnings: [], totals, batchError: null };
    }
    const bad = new Set(errors.map((e) => e.rowNo));
    const warnings: RowWarning[] = [];
    let amount = 0;
    let fees = 0;
    let payable = 0;
    for (const row of request.rows) {
      if (bad.has(row.rowNo)) continue;
      const wallet = walletByPhone.get(phoneKey(row.values.phone ?? ''));
      if (!wallet) {
        errors.push({ rowNo: row.rowNo, field: 'phone', code: 'WALLET_NOT_FOUND' });
        continue;
      }
      const name = row.values.name ?? '';
      if (name && !namesMatch(name, wallet.name)) {
        warnings.push({ rowNo: row.rowNo, code: 'NAME_MISMATCH', name, holder: wallet.name });
      }
      payable += 1;
      amount += Number(row.values.amount);
      fees += bulkFeeOf(Number(row.values.amount));
    }
    const payer = payerOf(caller, request.source);
    let batchError: BulkCheckResult['batchError'] = null;
    if (!payer) batchError = request.source ? { code: 'SOURCE_NOT_FOUND' } : { code: 'SOURCE_REQUIRED' };
    else if (payer.balance < amount + fees) batchError = { code: 'SOURCE_FUNDS', available: payer.balance };
    errors.sort((a, b) => a.rowNo - b.rowNo);
    return { errors, warnings, totals: { rows: request.rows.length, payable, amount, fees }, batchError };
  }

  function view(batch: FakeBatch, viewer: Caller): BulkBatchView {
    const done = batch.rows.filter((r) => r.status === 'done').length;
    const failed = batch.rows.filter((r) => r.status === 'failed').length;
    return {
      id: batch.id,
      kind: batch.kind,
      fileName: batch.fileName,
      status: batch.status,
      maker: batch.maker,
      canDecide: batch.status === 'awaiting_approval' && batch.makerUsername !== viewer.username && viewer.isAdmin,
      mine: batch.makerUsername === viewer.username,
      source: batch.source,
      sourceName: [PAYROLL_PAYER, AGENT_PAYER].find((p) => p.number === batch.source)?.label ?? null,
      rowsTotal: batch.rows.length,
      rowsDone: done,
      rowsFailed: failed,
      totalAmount: batch.totalAmount,
      totalFees: batch.totalFees,
      checker: batch.checker,
      reason: batch.reason,
      error: null,
      createdAt: batch.createdAt,
      decidedAt: batch.decidedAt,
      finishedAt: batch.finishedAt,
    };
  }

  const mayRead = (batch: FakeBatch, caller: Caller) => caller.isAdmin || batch.makerUsername === caller.username;
  const batchNotFound: FakeAnswer = {
    status: 404,
    body: failure('BATCH_NOT_FOUND', 'There is no batch with this id that you may see.'),
  };

  function resultsCsv(batch: FakeBatch): string {
    const op = bulkOperation(batch.kind) as BulkOperationDef;
    const cell = (value: string | number | null) => {
      if (value === null) return '';
      const text = String(value);
      const safe = typeof value === 'string' && /^[=+\-@]/.test(text) ? `'${text}` : text;
      return /[",\n\r;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
    };
    const header = ['row', ...op.columns.map((c) => c.header), 'status', 'transaction', 'error'];
    const lines = [header.map(cell).join(',')];
    for (const r of batch.rows) {
      lines.push(
        [r.row.rowNo, ...op.columns.map((c) => r.row.values[c.key] || null), r.status, r.transaction, r.error]
          .map(cell)
          .join(','),
      );
    }
    return `\uFEFF${lines.join('\r\n')}\r\n`;
  }

  /** The routes of one batch: the fake API answers exact paths, so each batch adds its own. */
  function routeBatch(batch: FakeBatch) {
    const readable = (call: RecordedCall): Caller | FakeAnswer => {
      const caller = callerOf(call);
      if (isAnswer(caller)) return caller;
      return mayRead(batch, caller) ? caller : batchNotFound;
    };
    api.on('GET', `bulk-batches/${batch.id}`, (call) => {
      const caller = readable(call);
      return isAnswer(caller) ? caller : { body: success(view(batch, caller)) };
    });
    api.on('POST', `bulk-batches/${batch.id}/decision`, (call) => {
      const caller = readable(call);
      if (isAnswer(caller)) return caller;
      if (!caller.isAdmin)
        return { status: 403, body: failure('FORBIDDEN', 'Only administrators approve bulk payments.') };
      if (batch.makerUsername === caller.username) {
        return { status: 403, body: failure('MAKER_CANNOT_APPROVE', 'A second person must decide this batch.') };
      }
      const body = (call.body ?? {}) as { decision?: unknown; reason?: unknown };
      const reason = typeof body.reason === 'string' ? body.reason.trim() : '';
      if (body.decision !== 'approve' && (body.decision !== 'reject' || reason.length < 3 || reason.length > 500)) {
        return validation('decision: approve, or reject with a reason of 3 to 500 characters.');
      }
      if (batch.status !== 'awaiting_approval') {
        return { status: 409, body: failure('BATCH_ALREADY_DECIDED', 'This batch is no longer waiting.') };
      }
      decideAs(batch, caller.name, body.decision === 'approve' ? 'approve' : 'reject', reason);
      return { body: success(view(batch, caller)) };
    });
    api.on('GET', `bulk-batches/${batch.id}/results`, (call) => {
      const caller = readable(call);
      // Marked for the fetch wrapper below, which answers it as the CSV file it is.
      return isAnswer(caller) ? caller : { body: { [CSV_FILE]: resultsCsv(batch) } };
    });
  }

  function decideAs(batch: FakeBatch, checker: string, decision: 'approve' | 'reject', reason = '') {
    const at = now();
    batch.checker = checker;
    batch.decidedAt = at;
    if (decision === 'approve') batch.status = 'queued';
    else {
      batch.status = 'rejected';
      batch.reason = reason;
      batch.finishedAt = at;
    }
  }

  function store(op: BulkOperationDef, caller: Caller, request: BulkCheckRequest, outcome: BulkCheckResult) {
    const contentKey = JSON.stringify([caller.username, op.kind, request.source ?? null, request.rows]);
    const earlier = batches.find((b) => b.contentKey === contentKey);
    if (earlier) return { batch: earlier, created: false };
    sequence += 1;
    const batch: FakeBatch = {
      id: `ba7c${String(sequence).padStart(4, '0')}-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
      kind: op.kind,
      fileName: request.fileName,
      status: op.needsApproval ? 'awaiting_approval' : 'queued',
      makerUsername: caller.username,
      maker: caller.name,
      checker: null,
      reason: null,
      source: op.kind === 'payment' ? (payerOf(caller, request.source)?.number ?? null) : null,
      rows: request.rows.map((row) => ({ row, status: 'pending', transaction: null, error: null })),
      totalAmount: outcome.totals.amount,
      totalFees: outcome.totals.fees,
      createdAt: now(),
      decidedAt: null,
      finishedAt: null,
      contentKey,
    };
    batches.push(batch);
    routeBatch(batch);
    return { batch, created: true };
  }

  api.on('GET', 'bulk/payment/payers', (call) => {
    const caller = callerOf(call);
    if (isAnswer(caller)) return caller;
    const op = operationFor('payment', caller);
    if (isAnswer(op)) return op;
    return {
      body: success(
        caller.isAdmin
          ? { own: null, partners: [{ number: PAYROLL_PAYER.number, label: PAYROLL_PAYER.label }] }
          : { own: { number: AGENT_PAYER.number, label: AGENT_PAYER.label }, partners: [] },
      ),
    };
  });

  for (const kind of BULK_KINDS) {
    api.on('POST', `bulk/${kind}/check`, async (call) => {
      await holds.check.shift()?.pass();
      const caller = callerOf(call);
      const received: ReceivedBulkRequest = { kind, username: usernameOf(call), body: call.body, status: 0 };
      checks.push(received);
      const op = isAnswer(caller) ? caller : operationFor(kind, caller);
      const request = isAnswer(op) ? op : readRequest(op, call.body);
      if (isAnswer(caller) || isAnswer(op) || isAnswer(request)) {
        const refusal = [caller, op, request].find(isAnswer) as FakeAnswer;
        received.status = refusal.status ?? 400;
        return refusal;
      }
      const answer = check(op, caller, request);
      received.status = 200;
      received.answer = answer;
      return { body: success(answer) };
    });

    api.on('POST', `bulk/${kind}/batches`, async (call) => {
      // Held in flight first: how it ends is read when it goes on.
      await holds.submit.shift()?.pass();
      const fate = fates.shift() ?? { kind: 'accept' };
      if (fate.kind === 'drop') throw new TypeError('Failed to fetch');
      const caller = callerOf(call);
      const received: ReceivedBulkRequest = { kind, username: usernameOf(call), body: call.body, status: 0 };
      submissions.push(received);
      if (fate.kind === 'refuse') {
        received.status = fate.status;
        return { status: fate.status, body: failure(fate.code, fate.message) };
      }
      const op = isAnswer(caller) ? caller : operationFor(kind, caller);
      const request = isAnswer(op) ? op : readRequest(op, call.body);
      if (isAnswer(caller) || isAnswer(op) || isAnswer(request)) {
        const refusal = [caller, op, request].find(isAnswer) as FakeAnswer;
        received.status = refusal.status ?? 400;
        return refusal;
      }
      const outcome = check(op, caller, request);
      received.answer = outcome;
      if (outcome.errors.length) {
        received.status = 422;
        return {
          status: 422,
          body: failure('BULK_ROWS_INVALID', 'Some rows are not valid any more. Check the file again.'),
        };
      }
      if (outcome.batchError) {
        received.status = 422;
        return { status: 422, body: failure(outcome.batchError.code, 'The paying account cannot pay this batch.') };
      }
      const { batch, created } = store(op, caller, request, outcome);
      // As the server answers: 202 for a batch that waits for a second person.
      received.status = created ? (op.needsApproval ? 202 : 201) : 200;
      const payload: BulkSubmitResult = { batch: view(batch, caller), created };
      return { status: received.status, body: success(payload) };
    });

    api.on('GET', `bulk/${kind}/batches`, (call) => {
      const caller = callerOf(call);
      if (isAnswer(caller)) return caller;
      const op = operationFor(kind, caller);
      if (isAnswer(op)) return op;
      const visible = batches
        .filter((b) => b.kind === kind && mayRead(b, caller))
        // The batches waiting for a decision first, then the newest.
        .sort(
          (a, b) =>
            Number(b.status === 'awaiting_approval') - Number(a.status === 'awaiting_approval') ||
            b.createdAt.localeCompare(a.createdAt),
        );
      return { body: success({ batches: visible.map((b) => view(b, caller)) }) };
    });
  }

  // The results are a CSV file, not the JSON envelope the fake API writes: answer them as such.
  const answerJson = api.fetch;
  api.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await answerJson(input, init);
    if (!response.ok || !response.headers.get('content-type')?.includes('json')) return response;
    const body = (await response.clone().json()) as Record<string, unknown>;
    if (typeof body?.[CSV_FILE] !== 'string') return response;
    return new Response(body[CSV_FILE] as string, {
      status: 200,
      headers: { 'content-type': 'text/csv; charset=utf-8' },
    });
  }) as typeof globalThis.fetch;

  const batchById = (id: string) => {
    const batch = batches.find((b) => b.id === id);
    if (!batch) throw new Error(`No fake batch ${id}`);
    return batch;
  };

  function progress(id: string, count = 1) {
    const batch = batchById(id);
    if (batch.status !== 'queued' && batch.status !== 'processing') throw new Error(`Batch ${id} is ${batch.status}`);
    batch.status = 'processing';
    for (const r of batch.rows.filter((x) => x.status === 'pending').slice(0, count)) {
      r.status = 'done';
      r.transaction = `TX25030400${batches.indexOf(batch) + 1}${String(r.row.rowNo).padStart(3, '0')}`;
    }
  }

  return {
    batches,
    /** Every check request received, oldest first, with its answer. */
    checks,
    /** Every submission that reached the server, oldest first (not the dropped ones). */
    submissions,
    /**
     * Holds the next check or submission in flight (of any operation) until `release()`;
     * `reached` resolves once the request has arrived.
     */
    hold(request: 'check' | 'submit') {
      const gate = createGate();
      holds[request].push(gate);
      return { release: gate.release, reached: gate.reached };
    },
    /** How the next submissions end, in order (then: accepted). Replaces any left. */
    nextSubmit(...next: BulkSubmitFate[]) {
      fates.splice(0, fates.length, ...next);
    },
    /** Another admin decides, as the dashboard of a second person would. */
    decide(id: string, decision: 'approve' | 'reject', checker: string, reason = '') {
      const batch = batchById(id);
      if (batch.status !== 'awaiting_approval') throw new Error(`Batch ${id} is ${batch.status}`);
      decideAs(batch, checker, decision, reason);
    },
    /** The runner applies the next `count` pending rows of an approved batch. */
    progress,
    /** The runner applies every row left, and the batch is done. */
    finish(id: string) {
      const batch = batchById(id);
      progress(id, batch.rows.length);
      batch.status = 'done';
      batch.finishedAt = now();
    },
    batch: batchById,
    /** A payment batch another admin submitted (waiting for approval), as if through the API. */
    seed(maker: { username: string; name: string }, fileName: string, rows: BulkRow[]) {
      const op = bulkOperation('payment') as BulkOperationDef;
      const caller: Caller = { ...maker, group: 'admin', isAdmin: true };
      const request = { fileName, source: PAYROLL_PAYER.number, rows };
      return store(op, caller, request, check(op, caller, request)).batch;
    },
    /** A batch as the API shows it to an admin who did not make it. */
    viewForChecker: (id: string) => view(batchById(id), { username: '', name: '', group: 'admin', isAdmin: true }),
  };
}
