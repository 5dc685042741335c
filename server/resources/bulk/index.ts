/** What the approvals inbox needs of bulk batches: who reads and decides them, how they list, how they are decided. */
export { decideBatch } from './decide';
export {
  batchesQuery,
  batchView,
  findBatch,
  furthestOutsideBands,
  mayDecideBatches,
  mayRead,
  nameWarnings,
} from './views';
