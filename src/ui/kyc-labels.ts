/** The contract's bilingual titles, and the ledger codes the KYC pages show, in the user's language. */
import type { TFunction } from '../i18n/translator';
import {
  DOCUMENT_TYPE_TITLES,
  type DocumentType,
  KYC_DECISION_TITLES,
  type KycDecision,
} from '../../contract/kyc-documents';
import type { Language } from '../i18n';
import { humanizeCode } from '../../contract/report-values';
import { valueLabel } from './values';

export const documentTitle = (type: DocumentType, lang: Language) => DOCUMENT_TYPE_TITLES[type][lang];
/** What the reviewer does (a button, a dialog title). */
export const decisionTitle = (decision: KycDecision, lang: Language) => KYC_DECISION_TITLES[decision][lang];
/** What was decided (a list, the history): a state, not an order. */
export const decisionOutcome = (t: TFunction, decision: string) =>
  t(`kyc.outcome.${decision}`, { defaultValue: humanizeCode(decision) });
export const kycStatusLabel = (t: TFunction, status: string) => valueLabel(t, 'kyc', status);
export const accountStatusLabel = (t: TFunction, status: string) => valueLabel(t, 'status', status);
