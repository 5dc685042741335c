/**
 * What the server sends as data is worded in the reader's language: what an administrative change
 * is about, an expired request's notice, and a decision's refusal by its code. French readers see
 * no English the server stored.
 */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ExpiredRequest } from '../../../contract/api/inbox';
import { createTranslator } from '../../i18n/translator';
import type { RequestFailure } from '../../ui/failure';
import { APPROVAL_MESSAGES } from './approval-messages';
import { aboutOf, ExpiredRequests } from './InboxNotices';
import { inReadersLanguage } from './refusal-text';

const { t } = createTranslator('fr', {
  en: { approvals: APPROVAL_MESSAGES.en },
  fr: { approvals: APPROVAL_MESSAGES.fr },
});

const checker = { id: 9, username: 'bank-checker', name: 'Banque Islamique Checker' };

describe('an administrative change in French', () => {
  it('names its staff user, a user to create, and the flow whose fees it changes', () => {
    expect(aboutOf({ kind: 'user.unlock', user: checker, flow: null }, t, 'fr')).toBe(
      'bank-checker (Banque Islamique Checker)',
    );
    expect(
      aboutOf(
        { kind: 'user.create', user: { id: null, username: 'omar.diallo', name: 'Omar Diallo' }, flow: null },
        t,
        'fr',
      ),
    ).toBe('omar.diallo (Omar Diallo), à créer');
    expect(aboutOf({ kind: 'fees.schedule', user: null, flow: 'cash-out' }, t, 'fr')).toBe('Frais de Retrait');
    expect(aboutOf({ kind: 'limits.update', user: null, flow: null }, t, 'fr')).toBeNull();
  });

  it('tells its maker what expired in French, not the English summary it was stored with', () => {
    const expired: ExpiredRequest = {
      kind: 'change',
      id: '4',
      subject: 'user.passwordReset',
      reference: null,
      summary: 'Reset password of bank-checker (Banque Islamique Checker)',
      change: { kind: 'user.passwordReset', user: checker, flow: null },
      amount: null,
      createdAt: '2026-11-25T10:00:00.000Z',
      expiredAt: '2026-11-26T10:00:00.000Z',
      detailPath: '/users?user=9',
    };
    render(<ExpiredRequests expired={[expired]} t={t} lang="fr" />);
    const notice = screen.getByTestId('inbox-expired');
    expect(notice).toHaveTextContent(
      `${APPROVAL_MESSAGES.fr.inbox.change.user.passwordReset} (bank-checker (Banque Islamique Checker))`,
    );
    expect(notice).not.toHaveTextContent('Reset password');
  });
});

describe('a decision’s refusal in French', () => {
  const refused = (code: string, message: string): RequestFailure => ({
    message,
    code,
    network: false,
    outcomeUnknown: false,
  });

  it('says the refusals a decider meets by their code', () => {
    const R = APPROVAL_MESSAGES.fr.inbox.refusals;
    expect(inReadersLanguage(refused('REQUEST_EXPIRED', 'Request expired'), t).message).toBe(R.expired);
    expect(inReadersLanguage(refused('CANNOT_CHANGE_OWN', 'Not your own account'), t).message).toBe(R.ownAccount);
    expect(inReadersLanguage(refused('MAKER_CANNOT_DECIDE', 'Not your own request'), t).message).toBe(R.ownRequest);
    expect(inReadersLanguage(refused('CHANGE_ALREADY_DECIDED', 'Already decided'), t).message).toBe(R.alreadyDecided);
  });

  it('keeps the server’s words for a rule it has no text of', () => {
    expect(inReadersLanguage(refused('CHARGEBACK_INSUFFICIENT_FUNDS', 'Too little'), t).message).toBe('Too little');
  });
});
