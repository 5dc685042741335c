/**
 * The generic transfer page over the fake API for the flows the model test does not drive:
 * each form follows its flow's rules (bank, partner, child or parent, withdrawal code), the
 * request carries what the contract asks, approvals and lost answers read as they should,
 * and the page speaks French.
 */
import { waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HEADER } from '../../contract/http';
import { LANGUAGE_KEY } from '../../src/i18n';
import { formatXof } from '../../src/i18n/format';
import {
  createFakeApi,
  createMemoryStore,
  type FakeApi,
  failure,
  type RenderedApp,
  renderApp,
  success,
} from './support/render-app';
import { CHILDREN, type FakeTransfers, installFakeTransfers, PARENT } from './support/fake-transfers';

const TIMEOUT = 30_000;

let app: RenderedApp | undefined;
beforeAll(async () => {
  await import('../../src/features/transfers/TransferPage');
}, 60_000);
afterEach(() => {
  app?.unmount();
  app = undefined;
  // The form's draft (src/session/use-form-draft.ts) belongs to the tab: each test opens a new one.
  window.sessionStorage.clear();
});

const plain = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
const xof = (n: number, lang: 'en' | 'fr' = 'en') => plain(formatXof(n, lang));
const content = () => within(document.getElementById('content') ?? document.body);

async function open(url: string, as: string, options: { lang?: 'fr'; api?: FakeApi } = {}) {
  const api = options.api ?? createFakeApi();
  const fake = installFakeTransfers(api);
  const store = createMemoryStore(options.lang ? { [LANGUAGE_KEY]: options.lang } : {});
  app = renderApp({ api, store, signedInAs: as, url });
  const heading = options.lang === 'fr' ? 'Détails du transfert' : 'Transfer details';
  await content().findByRole('heading', { name: heading }, { timeout: 10_000 });
  return { app, api, fake };
}

async function review(a: RenderedApp) {
  await a.user.click(content().getByRole('button', { name: 'Review transfer' }));
  return content().findByRole('heading', { name: 'Check the transfer' });
}

async function confirm(a: RenderedApp) {
  await a.user.click(content().getByRole('button', { name: 'Confirm transfer' }));
  return content().findByRole('heading', { name: 'Transfer receipt' });
}

const lastQuote = (fake: FakeTransfers) => fake.quotes.at(-1)?.body;

describe('transfer page: one form per flow', () => {
  it('admin cash-out: the bank receiving the cash is required and sent as the source', {
    timeout: TIMEOUT,
  }, async () => {
    const { app: a, fake } = await open('/cash-out', 'admin');
    expect(content().getByRole('heading', { level: 1 })).toHaveTextContent(/^Cash Out$/);
    expect(content().getByText(/generates this 6-digit code in the wallet app/)).toBeVisible();
    const bank = content().getByLabelText('Bank receiving the cash');
    await a.user.type(content().getByLabelText('Customer phone or account number'), 'cus-000001');
    await a.user.type(content().getByLabelText('Amount (XOF)'), '10000');
    await a.user.type(content().getByLabelText('Withdrawal code'), '111 222');
    await a.user.click(content().getByRole('button', { name: 'Review transfer' }));
    expect(bank).toHaveAttribute('aria-invalid', 'true');
    expect(document.activeElement).toBe(bank);
    expect(fake.quotes).toHaveLength(0);

    await a.user.selectOptions(bank, 'BIS');
    expect(bank).toHaveAttribute('aria-invalid', 'false');
    await review(a);
    expect(lastQuote(fake)).toEqual({
      counterparty: 'CUS-000001',
      amount: 10000,
      source: 'BIS',
      withdrawalCode: '111222',
    });
    expect(plain(content().getByRole('region', { name: 'Check the transfer' }).textContent)).toContain(
      'ToBanque Islamique du Sénégal e-money float',
    );
  });

  it('admin cash-in: always waits for a checker, and the receipt says so', { timeout: TIMEOUT }, async () => {
    const { app: a, api } = await open('/admin-cash-in', 'admin');
    expect(content().getByText('A checker must approve this transfer before the money moves.')).toBeVisible();
    await a.user.selectOptions(content().getByLabelText('Bank float to debit'), 'BBG');
    await a.user.type(content().getByLabelText('Beneficiary phone or account number'), '+221761234567');
    await a.user.type(content().getByLabelText('Amount (XOF)'), '5000');
    await review(a);
    expect(content().getByTestId('approval-notice')).toHaveTextContent(
      'This transfer will wait for a checker’s approval.',
    );
    const receipt = (await confirm(a)).closest('[data-print-receipt]') as HTMLElement;
    expect(within(receipt).getByRole('status')).toHaveTextContent('The transfer is waiting for a checker’s approval.');
    expect(plain(receipt.textContent)).toContain('StatusWaiting for approval');
    expect(plain(receipt.textContent)).toContain('Paid byBridge Bank Group e-money float');
    const [post] = api.callsTo('transfers/admin-cash-in', 'POST');
    expect(post?.headers.get(HEADER.idempotencyKey)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('payroll cash-in: picks a partner account', { timeout: TIMEOUT }, async () => {
    const { app: a, fake } = await open('/admin-partner-cash-in', 'admin');
    await a.user.selectOptions(content().getByLabelText('Payroll partner account'), 'PRT-SONATEL');
    await a.user.type(content().getByLabelText('Beneficiary phone or account number'), 'CUS-000002');
    await a.user.type(content().getByLabelText('Amount (XOF)'), '75 000');
    await review(a);
    expect(lastQuote(fake)).toEqual({ counterparty: 'CUS-000002', amount: 75000, source: 'PRT-SONATEL' });
  });

  it('merchant credit: picks one of the caller’s children and shows the caller’s balance', {
    timeout: TIMEOUT,
  }, async () => {
    const { app: a, fake } = await open('/transfers/merchand-credit', 'merchant-head');
    expect(plain(content().getByTestId('own-balance').textContent)).toBe(xof(750_000));
    const child = content().getByLabelText('Account to credit');
    expect(
      within(child)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose…', ...CHILDREN.map((c) => `${c.name} (${c.number})`)]);
    await a.user.type(content().getByLabelText('Amount (XOF)'), '1000');
    await a.user.click(content().getByRole('button', { name: 'Review transfer' }));
    expect(child).toHaveAttribute('aria-invalid', 'true');
    expect(content().getByText('This field is required.')).toBeVisible();
    await a.user.selectOptions(child, 'MRC-00011');
    await review(a);
    expect(lastQuote(fake)).toEqual({ counterparty: 'MRC-00011', amount: 1000 });
    // The caller's own balance after the credit, when the server gives it.
    expect(plain(content().getByRole('region', { name: 'Check the transfer' }).textContent)).toContain(
      `Balance after${xof(749_000)}`,
    );
  });

  it('UV remote: the parent is shown, not asked, and the request names no counterparty', {
    timeout: TIMEOUT,
  }, async () => {
    const { app: a, fake } = await open('/send-sales/remonte-uv', 'merchant-location');
    expect(content().getByTestId('transfer-parent')).toHaveTextContent(PARENT.name);
    expect(content().queryByRole('textbox', { name: /phone or account number/ })).toBeNull();
    await a.user.type(content().getByLabelText('Amount (XOF)'), '2000');
    await review(a);
    expect(lastQuote(fake)).toEqual({ amount: 2000 });
  });
});

describe('transfer page: phones as people say them', () => {
  it('agent cash-in takes a local-format phone, shows it normalised and looks it up as +221', {
    timeout: TIMEOUT,
  }, async () => {
    const { app: a, fake } = await open('/cash-in', 'agent');
    const phone = content().getByLabelText('Beneficiary phone or account number');
    await a.user.type(phone, '76 123 45 67');
    await a.user.type(content().getByLabelText('Amount (XOF)'), '2000');
    expect(phone).toHaveValue('+221 76 123 45 67');
    await review(a);
    expect(lastQuote(fake)).toEqual({ counterparty: '+221761234567', amount: 2000 });
    expect(plain(content().getByRole('region', { name: 'Check the transfer' }).textContent)).toContain('Ibrahima Fall');
  });

  it('cash-out in French takes nine digits or dots', { timeout: TIMEOUT }, async () => {
    const { app: a, fake } = await open('/cash-out', 'agent', { lang: 'fr' });
    const phone = content().getByLabelText('Téléphone ou numéro de compte du client');
    for (const typed of ['771112233', '77.111.22.33']) {
      await a.user.clear(phone);
      await a.user.type(phone, typed);
      await a.user.tab();
      expect(phone).toHaveValue('+221 77 111 22 33');
      expect(phone).toHaveAttribute('aria-invalid', 'false');
    }
    await a.user.type(content().getByLabelText('Montant (XOF)'), '1500');
    await a.user.type(content().getByLabelText('Code de retrait'), '123456');
    await a.user.click(content().getByRole('button', { name: 'Vérifier le transfert' }));
    await waitFor(() => expect(lastQuote(fake)).toMatchObject({ counterparty: '+221771112233', amount: 1500 }));
  });
});

describe('transfer page: failures', () => {
  it('a refused quote returns to the form with the server’s message', { timeout: TIMEOUT }, async () => {
    const { app: a, fake } = await open('/cash-in', 'agent');
    await a.user.type(content().getByLabelText('Beneficiary phone or account number'), '+221 76 123 45 67');
    await a.user.type(content().getByLabelText('Amount (XOF)'), '900000');
    await a.user.click(content().getByRole('button', { name: 'Review transfer' }));
    const alert = await content().findByRole('alert');
    expect(alert).toHaveTextContent('The balance is too low for this amount and its fee.');
    expect(document.activeElement).toBe(alert);
    expect(content().getByLabelText('Amount (XOF)')).toHaveValue('900000');
    expect(fake.submissions).toHaveLength(0);
  });

  it('an answer lost after the server acted: Try again gets the same transfer, carried out once', {
    timeout: TIMEOUT,
  }, async () => {
    const { app: a, api, fake } = await open('/cash-in', 'agent');
    await a.user.type(content().getByLabelText('Beneficiary phone or account number'), '+221771112233');
    await a.user.type(content().getByLabelText('Amount (XOF)'), '3000');
    await review(a);
    fake.nextSubmit({ kind: 'lose' });
    await a.user.click(content().getByRole('button', { name: 'Confirm transfer' }));
    await a.user.click(await content().findByRole('button', { name: 'Try again' }));
    const receipt = (await content().findByRole('heading', { name: 'Transfer receipt' })).closest(
      '[data-print-receipt]',
    ) as HTMLElement;

    const posts = api.callsTo('transfers/agent-cash-in', 'POST');
    expect(posts).toHaveLength(2);
    expect(new Set(posts.map((p) => p.headers.get(HEADER.idempotencyKey))).size).toBe(1);
    expect(fake.submissions.map((s) => s.status)).toEqual([0, 200]);
    expect(fake.results.size).toBe(1);
    const [result] = fake.results.values();
    expect(plain(receipt.textContent)).toContain(`Reference${result?.reference}`);
  });

  it('options that fail to load say so and load again on Try again', { timeout: TIMEOUT }, async () => {
    const api = createFakeApi();
    installFakeTransfers(api);
    let calls = 0;
    api.on('GET', 'transfers/agent-cash-in/options', () => {
      calls++;
      return calls === 1
        ? { status: 403, body: failure('FORBIDDEN', 'Your account may not start cash-ins today.') }
        : {
            body: success({
              ownAccount: null,
              banks: [],
              partners: [],
              counterparties: [],
              approvalThreshold: 10,
              amountRange: { min: 100, max: 2_000_000 },
            }),
          };
    });
    app = renderApp({ api, signedInAs: 'agent', url: '/cash-in' });
    const alert = await content().findByRole('alert', {}, { timeout: 10_000 });
    expect(alert).toHaveTextContent('Your account may not start cash-ins today.');
    expect(alert).toHaveTextContent('The form could not be loaded.');
    await app.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await content().findByRole('heading', { name: 'Transfer details' })).toBeVisible();
    await waitFor(() => expect(content().queryByRole('alert')).toBeNull());
  });
});

describe('transfer page: French', () => {
  it('labels, hints, errors and amounts in French', { timeout: TIMEOUT }, async () => {
    const { app: a } = await open('/cash-out', 'agent', { lang: 'fr' });
    expect(content().getByRole('heading', { level: 1 })).toHaveTextContent(/^Retrait$/);
    expect(content().getByText(/Le client génère ce code à 6 chiffres/)).toBeVisible();
    await a.user.type(content().getByLabelText('Montant (XOF)'), '1500000');
    expect(plain(content().getByText(/^Soit/).textContent)).toBe(`Soit : ${xof(1_500_000, 'fr')}`);
    await a.user.click(content().getByRole('button', { name: 'Vérifier le transfert' }));
    expect(content().getAllByText('Ce champ est obligatoire.')).toHaveLength(2);
  });

  it('the customer’s copy of the receipt: company header, what was paid and received, the note, who served', {
    timeout: TIMEOUT,
  }, async () => {
    const { app: a } = await open('/cash-in', 'agent', { lang: 'fr' });
    await a.user.type(content().getByLabelText('Téléphone ou numéro de compte du bénéficiaire'), '+221771112233');
    await a.user.type(content().getByLabelText('Montant (XOF)'), '3000');
    await a.user.type(content().getByLabelText(/^Note/), 'Loyer de novembre');
    await a.user.click(content().getByRole('button', { name: 'Vérifier le transfert' }));
    await a.user.click(await content().findByRole('button', { name: 'Confirmer le transfert' }));
    const receipt = await content().findByRole('article', { name: 'Reçu de transfert' });
    const text = plain(receipt.textContent);
    expect(text).toContain('Sen Wallet Technologies');
    expect(text).toContain('Exemplaire client');
    expect(text).toContain('Reçu parAwa Diallo');
    expect(text).toContain(`Montant reçu${xof(3000, 'fr')}`);
    expect(text).toContain('NoteLoyer de novembre');
    expect(text).toContain('Servi parMoussa Diop');
    expect(text).not.toMatch(/Commission|Solde/);
  });
});
