/** The banks endpoints (contract/api/banks.ts) on the fake API: a small stateful server. */
import type { BankBody } from '../../../contract/banks';
import type { BankView, FloatAccountChoice } from '../../../contract/api/banks';
import { type FakeApi, success } from './fake-api';

export function installFakeBanks(api: FakeApi, start: readonly BankView[], spare: FloatAccountChoice) {
  const banks = start.map((b) => ({ ...b }));
  let nextId = Math.max(0, ...banks.map((b) => b.id)) + 1;
  const view = (bank: BankView, body: BankBody): BankView => ({
    ...bank,
    name: body.name,
    code: body.code,
    bic: body.bic ?? null,
    floatAccount:
      body.floatAccountId === 'new'
        ? { id: 900 + bank.id, number: `BNK-${body.code}`, label: `${body.name} float`, balance: 0, status: 'active' }
        : bank.floatAccount,
  });
  api.on('GET', 'banks', () => ({ body: success({ banks }) }));
  api.on('GET', 'banks/float-accounts', () => ({ body: success({ accounts: [spare] }) }));
  api.on('POST', 'banks', (call) => {
    const created = view(
      { ...(banks[0] as BankView), id: nextId++, active: true, createdAt: '2026-01-06T09:00:00.000Z' },
      call.body as BankBody,
    );
    banks.push(created);
    return { status: 201, body: success(created) };
  });
  for (const bank of banks) {
    api.on('PUT', `banks/${bank.id}`, (call) => {
      Object.assign(bank, view(bank, call.body as BankBody));
      return { body: success(bank) };
    });
    for (const verb of ['activate', 'deactivate'] as const) {
      api.on('POST', `banks/${bank.id}/${verb}`, () => {
        bank.active = verb === 'activate';
        return { body: success(bank) };
      });
    }
  }
  return {
    /** Every change (not a read) the page sent to the banks endpoints. */
    writes: () => api.calls.filter((c) => c.method !== 'GET' && c.path.startsWith('banks')).length,
  };
}
