import { describe, expect, it } from 'vitest';
import { limitsAfterApproval } from '../../../contract/kyc';
import type { KycAccountDetail } from '../../../contract/api/kyc';
import { en } from '../../i18n/en';
import { fr } from '../../i18n/fr';
import { createTranslator } from '../../i18n/translator';
import { approvalEffect } from './approval-effect';
import { KYC_MESSAGES, KYC_MESSAGES_KEY } from './messages';

const translator = createTranslator('en', { en, fr });
translator.addMessages('en', { [KYC_MESSAGES_KEY]: KYC_MESSAGES.en });
translator.addMessages('fr', { [KYC_MESSAGES_KEY]: KYC_MESSAGES.fr });

/** A pending account in this state, with the API's forecast of its approval. */
function pending(kind: 'customer' | 'agent', status: string, activatedAt: string | null) {
  const account = { kind, status, activatedAt, kycStatus: 'pending' };
  return { account, afterApproval: limitsAfterApproval(account, 200_000) } as unknown as KycAccountDetail;
}

/** Intl separates digits and units with no-break spaces; the words are what is compared. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('what the approve dialog says', () => {
  it('activation and the daily limit, or no limit, or what still stops the account, in both languages', () => {
    const en = translator.fixedT('en');
    const fr = translator.fixedT('fr');
    expect(plain(approvalEffect(en, pending('customer', 'inactive', null), 'en'))).toBe(
      'The account is activated and may move money up to XOF 200,000 a day.',
    );
    expect(plain(approvalEffect(en, pending('customer', 'active', '2026-11-20T09:30:00Z'), 'en'))).toBe(
      'The account may move money up to XOF 200,000 a day.',
    );
    expect(plain(approvalEffect(en, pending('agent', 'inactive', null), 'en'))).toBe(
      'The account is activated and may move money with no daily limit of its own.',
    );
    expect(plain(approvalEffect(en, pending('customer', 'blocked', '2026-11-20T09:30:00Z'), 'en'))).toBe(
      'The KYC is approved, but the account stays blocked: it cannot move money until that status changes.',
    );
    expect(plain(approvalEffect(fr, pending('customer', 'declassified', '2026-11-20T09:30:00Z'), 'fr'))).toBe(
      'Le KYC est approuvé, mais le compte reste déclassé : il ne peut effectuer aucune opération tant que ce statut ne change pas.',
    );
  });
});
