/**
 * Graphs of the settings pages' machines: banks, banners, the QR codes' generation and unlinking.
 * Guards that judge a whole form read the one value the variant typed; the runner types the
 * whole form that value stands for.
 */
import type { BankView } from '../../../contract/api/banks';
import { ApiRequestError } from '../../../src/api/client';
import { banksMachine } from '../../../src/features/banks/banks-machine';
import type { MachineGraph } from '../graph-adapter';

const apiError = (status: number | undefined, code: string) => new ApiRequestError(code, status, code, false);
const noAnswer = () => new TypeError('Failed to fetch');

/** A bank as `GET banks` lists it. */
export function bankRow(id: number, code: string, name: string, active: boolean): BankView {
  return {
    id,
    code,
    name,
    bankGroup: null,
    bic: null,
    active,
    floatAccount: active
      ? { id: 100 + id, number: `BNK-${code}`, label: `${name} float`, balance: 1_500_000, status: 'active' }
      : null,
    createdAt: '2026-01-05T09:00:00.000Z',
    updatedAt: null,
  };
}

/** The banks the page lists: one active (edited, deactivated), one deactivated (reactivated). */
export const BANKS = [bankRow(1, 'CBAO', 'CBAO Groupe Attijariwafa', true), bankRow(2, 'BOA', 'Bank of Africa', false)];

/**
 * The bank's name as typed, each standing for a whole form: `valid` a form the contract takes
 * (on the add form the runner also types a code), `invalid` a name too short.
 */
export const BANK_TYPED = { valid: 'Banque Atlantique', invalid: 'B' } as const;

export const banksGraph: MachineGraph<typeof banksMachine> = {
  id: 'banks',
  machine: banksMachine,
  guardsBothWays: true,
  provide: {
    // A bank being edited starts valid (its own name); the add form starts empty.
    guards: { isValid: ({ context }) => context.values.name !== '' && context.values.name !== BANK_TYPED.invalid },
  },
  // The float accounts load once each time the form opens.
  filter: (snapshot, name) =>
    !(name === 'loadFloatChoices.done' || name === 'loadFloatChoices.error') || snapshot.context.floatChoices === null,
  variants: () => ({
    'loadBanks.done': [{ label: 'banks', output: BANKS }],
    'loadBanks.error': [{ label: 'server error', error: apiError(500, 'SERVER_ERROR') }],
    'bank.edit': [{ label: BANKS[0]?.code ?? '', id: 1 }],
    'bank.switch': [
      { label: 'deactivate', id: 1, verb: 'deactivate' },
      { label: 'reactivate', id: 2, verb: 'activate' },
    ],
    'field.change': Object.entries(BANK_TYPED).map(([label, value]) => ({ label, name: 'name', value })),
    'loadFloatChoices.done': [{ label: 'floats', output: [] }],
    'loadFloatChoices.error': [{ label: 'no answer', error: noAnswer() }],
    'saveBank.done': [{ label: 'saved', output: BANKS[0] }],
    'saveBank.error': [
      { label: 'code taken', error: apiError(409, 'BANK_CODE_TAKEN') },
      { label: 'server error', error: apiError(500, 'SERVER_ERROR') },
    ],
    'switchBank.done': [{ label: 'switched', output: BANKS[0] }],
    'switchBank.error': [{ label: 'server error', error: apiError(500, 'SERVER_ERROR') }],
  }),
};
