/** What the approvals inbox needs of transfer approvals: their waiting list and their decision. */
export { decideTransferRequest } from './decide';
export { waitingApprovals } from './list';
