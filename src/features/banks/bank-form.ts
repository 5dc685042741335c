import { type BankBody, bankBodySchema, compactBic, floatAccountNumber } from '../../../contract/banks';
import type { BankView } from '../../../contract/api/banks';

/**
 * The add / edit bank form: its values as typed, the checks of the contract's schema before
 * anything is sent, and where a server refusal belongs.
 */
export type BankField = 'name' | 'code' | 'bic' | 'float';

/** Keys under the page's `errors` messages. */
export type BankFieldError = 'name' | 'code' | 'bic' | 'codeTaken' | 'floatExists' | 'floatInUse' | 'floatNotFound';
export type BankErrors = Partial<Record<BankField, BankFieldError>>;

/** `float`: 'keep' (edit only), 'new', or an account id. */
export interface BankValues {
  name: string;
  code: string;
  bic: string;
  float: string;
}

export const BANK_FIELDS: readonly BankField[] = ['name', 'code', 'bic', 'float'];

export const EMPTY_BANK: BankValues = { name: '', code: '', bic: '', float: 'new' };

export function valuesOf(bank: BankView): BankValues {
  return { name: bank.name, code: bank.code, bic: bank.bic ?? '', float: 'keep' };
}

/** What the API receives: the float only when it changes. */
export function bankBody(values: BankValues): BankBody {
  const body: BankBody = {
    name: values.name.trim(),
    code: values.code.trim().toUpperCase(),
    bic: values.bic.trim() === '' ? null : compactBic(values.bic),
  };
  if (values.float === 'new') body.floatAccountId = 'new';
  else if (/^\d+$/.test(values.float)) body.floatAccountId = Number(values.float);
  return body;
}

/** The schema's verdict, one message key per field. */
export function validateBank(values: BankValues): BankErrors {
  const result = bankBodySchema.safeParse(bankBody(values));
  if (result.success) return {};
  const errors: BankErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (field === 'name' || field === 'code' || field === 'bic') errors[field] ??= field;
  }
  return errors;
}

/** A refusal that names a field of the form, and the message it shows there. */
export function placeBankError(code: string | null): { field: BankField; error: BankFieldError } | null {
  switch (code) {
    case 'BANK_CODE_TAKEN':
      return { field: 'code', error: 'codeTaken' };
    case 'FLOAT_ACCOUNT_EXISTS':
      return { field: 'float', error: 'floatExists' };
    case 'FLOAT_ACCOUNT_IN_USE':
      return { field: 'float', error: 'floatInUse' };
    case 'FLOAT_ACCOUNT_NOT_FOUND':
      return { field: 'float', error: 'floatNotFound' };
    default:
      return null;
  }
}

/** The number a new float account would get, as the form shows it. */
export const newFloatNumber = (code: string) => floatAccountNumber(code.trim().toUpperCase() || '…');
