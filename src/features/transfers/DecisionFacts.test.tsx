/**
 * The decision dialog's facts of an administrative change, in English and French: the limits
 * in force → asked for as money, a staff account's group by its name, a fee schedule's bands now
 * and asked for.
 */
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { InboxItem } from '../../../contract/api/inbox';
import { NO_FACTS } from '../../../contract/api/inbox-facts';
import { GROUP_LABELS } from '../../../contract/staff-users';
import type { Language } from '../../i18n';
import { formatXof } from '../../i18n/format';
import { createTranslator } from '../../i18n/translator';
import { APPROVAL_MESSAGES } from './approval-messages';
import { DecisionFacts } from './DecisionFacts';

const change = (facts: Partial<InboxItem['facts']>): InboxItem => ({
  kind: 'change',
  id: '9',
  subject: 'limits.update',
  reference: null,
  party: 'Transfer limits',
  maker: 'Ousmane Faye',
  mine: false,
  amount: null,
  createdAt: '2026-11-27T08:15:00.000Z',
  expiresAt: '2026-11-28T08:15:00.000Z',
  canDecide: true,
  decider: 'second-admin',
  deciderBank: null,
  detailPath: '/fees?section=limits',
  outsideBands: null,
  facts: { ...NO_FACTS, ...facts },
  change: { kind: 'limits.update', user: null, flow: null },
});

const band = {
  minAmount: 1,
  maxAmount: 50_000,
  fixedFee: 100,
  percentFeeBp: 150,
  minFee: 100,
  maxFee: null,
  commissionShareBp: 0,
  commissionRateBp: 0,
};

function show(item: InboxItem, lang: Language) {
  const t = createTranslator(lang, {
    en: { approvals: APPROVAL_MESSAGES.en },
    fr: { approvals: APPROVAL_MESSAGES.fr },
  }).t;
  return render(<DecisionFacts item={item} t={t} lang={lang} />);
}

describe('the facts of an administrative change', () => {
  for (const lang of ['en', 'fr'] as const) {
    const F = APPROVAL_MESSAGES[lang].inbox.facts;

    it(`shows each limit before → after as money (${lang})`, () => {
      const view = show(change({ changes: [{ field: 'approvalThreshold', before: 1_000_000, after: 900_000 }] }), lang);
      const [before, after] = within(screen.getByRole('row', { name: new RegExp(F.fields.approvalThreshold) }))
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
      expect(before).toBe(formatXof(1_000_000, lang));
      expect(after).toBe(`→ ${formatXof(900_000, lang)}`);
      expect(screen.getByText('Ousmane Faye', { exact: false })).toBeVisible();
      view.unmount();
    });

    it(`names a staff account's group and says when a value was empty (${lang})`, () => {
      const view = show(
        change({
          changes: [
            { field: 'group', before: 'kycAdmin', after: 'admin' },
            { field: 'email', before: null, after: 'a@example.sn' },
          ],
        }),
        lang,
      );
      const group = within(screen.getByRole('row', { name: new RegExp(F.fields.group) })).getAllByRole('cell');
      expect(group.map((cell) => cell.textContent)).toEqual([
        GROUP_LABELS.kycAdmin[lang],
        `→ ${GROUP_LABELS.admin[lang]}`,
      ]);
      expect(screen.getByRole('row', { name: new RegExp(F.fields.email) })).toHaveTextContent(F.none);
      view.unmount();
    });

    it(`lists a flow's bands now and asked for (${lang})`, () => {
      const view = show(
        change({
          bands: { flow: 'cash-out', before: [band], after: [{ ...band, fixedFee: 200 }] },
        }),
        lang,
      );
      const [now, asked] = screen.getAllByRole('listitem').map((item) => item.textContent ?? '');
      expect(now).toContain(`+ ${formatXof(100, lang)}`);
      expect(asked).toContain(`+ ${formatXof(200, lang)}`);
      expect(asked).toContain(F.noCap);
      view.unmount();
    });
  }
});
