/**
 * A small stateful wallet-migration server for /migration's tests: the requests waiting for a
 * decision (each decided once, never by its maker), the history, one wallet to find and the
 * requests made on it. The pending list and the history share one address (`wallet-migrations`,
 * told apart by the query), so the runner holds each through `hold` here, not the driver's.
 */
import { act } from '@testing-library/react';
import type { MigrationRecord, MigrationWallet } from '../../../contract/api/wallet-migrations';
import type { HeldAnswer, HeldRequest } from '../../paths/driver';
import { type FakeApi, failure, success } from './fake-api';

const OTHER_MAKER = 'Khady Diallo';
/** The demo admin, who decides and asks. */
const CALLER = 'Awa Ndiaye';

/** The wallet the tests find: an active customer that may change phone or become a merchant. */
export const MIGRATION_WALLET: MigrationWallet = {
  number: 'CUS-000003',
  kind: 'customer',
  name: 'Fatou Diop',
  phone: '+221 77 100 00 03',
  status: 'active',
  kycStatus: 'approved',
  region: 'Dakar',
  businessName: null,
  businessCategory: null,
  createdAt: '2026-01-05T09:00:00.000Z',
  blockers: [],
  typeChangeTo: 'merchant',
  typeBlockers: [],
};

/** New phones another account already uses. */
export const TAKEN_PHONES: readonly string[] = ['+221 77 111 22 33'];
const takenPhones = TAKEN_PHONES;

/** A request to move `CUS-0001<nn>` to a new phone, asked by someone else. */
export function migrationRequest(id: number, over: Partial<MigrationRecord> = {}): MigrationRecord {
  const nn = String(id).padStart(2, '0');
  return {
    id,
    number: `CUS-0001${nn}`,
    name: `Holder ${id}`,
    kind: 'phone',
    fromValue: `+221 77 100 01 ${nn}`,
    toValue: `+221 78 200 01 ${nn}`,
    reason: 'Lost the SIM card',
    by: OTHER_MAKER,
    createdAt: '2026-11-28T10:00:00.000Z',
    status: 'pending',
    decidedBy: null,
    decidedAt: null,
    decisionReason: null,
    canDecide: true,
    ...over,
  };
}

/** What the runner may hold: the pending list, the history, a wallet's lookup, a request made. */
type HeldKind = 'pending' | 'history' | 'find' | 'request';

export interface FakeMigrations {
  /** Every request, newest first. */
  all: MigrationRecord[];
  /** The pending requests the caller may decide on a page of `pageSize`, in the page's order. */
  decidable(page: number, pageSize: number): MigrationRecord[];
  /** How many requests wait for a decision. */
  pendingCount(): number;
  /**
   * Holds the next call of this kind, as the driver holds a request. The driver's own holds go
   * by address, and wait for every request to end: neither fits requests that share one.
   */
  hold(kind: HeldKind): HeldRequest;
}

/** Installs the wallet-migration endpoints on `api`, with `pending` requests others asked for. */
export function installFakeMigrations(api: FakeApi, { pending = 11, onTheWallet = false } = {}): FakeMigrations {
  const all: MigrationRecord[] = Array.from({ length: pending }, (_, i) => migrationRequest(pending - i));
  // Someone else asked for a change of the wallet the tests find: deciding it changes the wallet in view.
  if (onTheWallet) {
    all.unshift(
      migrationRequest(pending + 1, {
        number: MIGRATION_WALLET.number,
        name: MIGRATION_WALLET.name,
        fromValue: MIGRATION_WALLET.phone ?? '',
      }),
    );
  }
  type Hold = { reached: () => void; gate: Promise<HeldAnswer | 'no answer' | undefined>; answered: () => void };
  const holds: Record<HeldKind, Hold[]> = { pending: [], history: [], find: [], request: [] };
  const listed = (status: string | null, number: string | null) =>
    all.filter((r) => (!status || r.status === status) && (!number || r.number === number));

  /** Waits while the call is held; then the runner's answer, if it gave one. */
  async function heldAnswer(kind: HeldKind): Promise<HeldAnswer | undefined> {
    const held = holds[kind].shift();
    if (!held) return undefined;
    held.reached();
    const answer = await held.gate;
    held.answered();
    if (answer === 'no answer') throw new TypeError('Failed to fetch');
    return answer;
  }

  api.on('GET', 'wallet-migrations', async (call) => {
    const status = call.query.get('status');
    const given = await heldAnswer(status === 'pending' ? 'pending' : 'history');
    if (given) return given;
    const page = Number(call.query.get('page') ?? 1);
    const pageSize = Number(call.query.get('pageSize') ?? 10);
    const rows = listed(status, call.query.get('number'));
    return {
      body: success({ rows: rows.slice((page - 1) * pageSize, page * pageSize), total: rows.length, page, pageSize }),
    };
  });
  api.on('GET', 'wallet-migrations/wallet', async (call) => {
    const given = await heldAnswer('find');
    if (given) return given;
    const q = (call.query.get('q') ?? '').trim().toUpperCase();
    if (q !== MIGRATION_WALLET.number && q !== MIGRATION_WALLET.phone?.replaceAll(' ', '')) {
      return { status: 404, body: failure('ACCOUNT_NOT_FOUND', 'No wallet has this number.') };
    }
    return { body: success(MIGRATION_WALLET) };
  });
  api.on('POST', 'wallet-migrations', async (call) => {
    const given = await heldAnswer('request');
    if (given) return given;
    const body = call.body as { number: string; newPhone?: string; reason: string };
    if (body.newPhone && takenPhones.includes(body.newPhone)) {
      return { status: 409, body: failure('DUPLICATE_PHONE', 'Another account uses this phone number.') };
    }
    const created = migrationRequest(all.length + 1, {
      number: body.number,
      name: MIGRATION_WALLET.name,
      fromValue: MIGRATION_WALLET.phone ?? '',
      toValue: body.newPhone ?? '',
      reason: body.reason,
      by: CALLER,
      canDecide: false,
    });
    all.unshift(created);
    return { status: 201, body: success({ migration: created, wallet: MIGRATION_WALLET }) };
  });
  for (const request of all) {
    api.on('POST', `wallet-migrations/${request.id}/decision`, (call) => {
      if (request.status !== 'pending') {
        return { status: 409, body: failure('MIGRATION_ALREADY_DECIDED', 'This request was already decided.') };
      }
      const { decision, reason } = call.body as { decision: 'approve' | 'reject'; reason?: string };
      Object.assign(request, {
        status: decision === 'approve' ? 'applied' : 'rejected',
        decidedBy: CALLER,
        decidedAt: '2026-11-29T11:00:00.000Z',
        decisionReason: reason ?? null,
        canDecide: false,
      });
      return { body: success({ migration: request, wallet: { ...MIGRATION_WALLET, number: request.number } }) };
    });
  }

  return {
    all,
    decidable: (page, pageSize) =>
      listed('pending', null)
        .slice((page - 1) * pageSize, page * pageSize)
        .filter((r) => r.canDecide),
    pendingCount: () => listed('pending', null).length,
    hold(kind) {
      let reached!: () => void;
      let open!: (answer: HeldAnswer | 'no answer' | undefined) => void;
      const reachedPromise = new Promise<void>((r) => {
        reached = r;
      });
      const gate = new Promise<HeldAnswer | 'no answer' | undefined>((r) => {
        open = r;
      });
      let answered!: () => void;
      const done = new Promise<void>((r) => {
        answered = r;
      });
      const hold = { reached, gate, answered };
      holds[kind].push(hold);
      let wasReached = false;
      void reachedPromise.then(() => {
        wasReached = true;
      });
      return {
        reached: reachedPromise,
        async release(answer) {
          open(answer);
          // A hold the page never reached is dropped: nothing waits on it.
          if (wasReached) await act(async () => done);
          else holds[kind] = holds[kind].filter((h) => h !== hold);
        },
      };
    },
  };
}
