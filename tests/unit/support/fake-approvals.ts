/** Approval requests as `GET approvals` lists them, for the authorize page's tests. */
import type { ApprovalView } from '../../../contract/api/approvals';
import type { TransferParty } from '../../../contract/api/transfers';

const party = (number: string, name: string, phone: string | null = null): TransferParty => ({
  number,
  name,
  phone,
  kind: 'customer',
});

/** A pending admin cash-in of `100 000 × id` XOF, referenced `TX25030400<id>`, the caller may decide. */
export function approval(id: number, over: Partial<ApprovalView> = {}): ApprovalView {
  return {
    id,
    flow: 'admin-cash-in',
    status: 'pending',
    reference: `TX25030400${id}`,
    amount: 100_000 * id,
    fee: 0,
    source: party('BNK-BBG', 'Bridge Bank Group e-money float'),
    counterparty: party(`CUS-00000${id}`, `Customer ${id}`, `+22177000000${id}`),
    destination: party(`CUS-00000${id}`, `Customer ${id}`, `+22177000000${id}`),
    maker: 'Abdoulaye Kane',
    createdAt: '2025-03-04T09:05:00.000Z',
    expiresAt: '2025-03-05T09:05:00.000Z',
    checker: null,
    decidedAt: null,
    reason: null,
    canDecide: true,
    ...over,
  };
}
