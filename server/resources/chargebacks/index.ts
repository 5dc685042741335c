/** What the approvals inbox needs of chargebacks: who decides them and the decision. */
export { decideChargeback } from './decide';
export { mayDecideChargeback } from './views';
