/** Vocabulary of the ledger shared by the API, the demo data and the dashboard. */

export const TRANSACTION_TYPES = [
  'cash_in',
  'cash_out',
  'transfer',
  'bill_payment',
  'airtime',
  'merchant_payment',
  'emoney_issue',
  'emoney_destroy',
  'bank_transfer',
  'payroll',
  'network_credit',
  'uv_remote',
  'coupon',
  'opening',
  /** The reversal of another transaction (/chargeback-voucher): its postings are the original's, negated. */
  'chargeback',
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export const SERVICES = [
  'wallet',
  'woyofal',
  'orange_topup',
  'tnt',
  'dakar_dem_dikk',
  'rapido',
  'seoh',
  'aquatech',
  'flexeau',
  'transvie',
  'aftu',
  'coupon',
  'bank',
  'payroll',
  'network',
  'chargeback',
] as const;
export type Service = (typeof SERVICES)[number];

export const TRANSACTION_STATUSES = ['success', 'failed', 'pending', 'reversed'] as const;

export const NETWORKS = ['edk-distribution', 'tefess', 'low-price', 'djoloff'] as const;
export type Network = (typeof NETWORKS)[number];

export const KYC_STATUSES = ['approved', 'pending', 'rejected', 'more_documents'] as const;
export const ACTIVATION_STATUSES = ['active', 'inactive', 'blocked', 'closed'] as const;

/** Network credits (credit type 170 in the operator's transaction codes) and UV remote (type "102"). */
export const CREDIT_TYPE = 170;
export const UV_REMOTE_TYPE = '102';
