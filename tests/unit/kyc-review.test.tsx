/**
 * The KYC review lists (/customers, /agents, /merchants) over the fake API: filters go to the
 * URL and to the request, the last decision and its reason are in the row and on top of the
 * detail, documents open in place from the session-authenticated bytes, and a decision needs
 * its reason, is sent once, refreshes detail and list, and is what the next reviewer reads.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { HEADER } from '../../contract/http';
import { REASON_MIN } from '../../contract/reasons';
import { formatXof } from '../../src/i18n/format';
import { installFakeKyc, REJECTION_REASON } from './support/fake-kyc';
import { createFakeApi, type FakeApi, type RenderedApp, renderApp } from './support/render-app';

const TIMEOUT = 30_000;
let app: RenderedApp | undefined;

beforeAll(async () => {
  await import('../../src/features/kyc/ReviewListPage');
}, 60_000);
beforeEach(() => {
  let n = 0;
  URL.createObjectURL = vi.fn(() => `blob:http://localhost/doc-${++n}`);
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  app?.unmount();
  app = undefined;
  vi.restoreAllMocks();
});

const content = () => within(document.getElementById('content') ?? document.body);
const plain = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
const rowOf = (number: string) => document.querySelector(`tr[data-account="${number}"]`) as HTMLElement;
const lastQuery = (api: FakeApi, kind: string) =>
  Object.fromEntries(api.callsTo(`kyc/${kind}`, 'GET').at(-1)?.query ?? []);

async function open(url: string, as: string, api = createFakeApi()) {
  const fake = (api as FakeApi & { kyc?: ReturnType<typeof installFakeKyc> }).kyc ?? installFakeKyc(api);
  Object.assign(api, { kyc: fake });
  app = renderApp({ api, signedInAs: as, url });
  await content().findByRole('heading', { level: 1 }, { timeout: 10_000 });
  return { a: app, api, fake };
}

async function listShown() {
  await waitFor(() => expect(document.querySelector('tr[data-account]')).not.toBeNull());
}

describe('review list: filters, sort and paging in the URL and the request', () => {
  it('opens on what waits for review, oldest first, and each filter goes to both', { timeout: TIMEOUT }, async () => {
    const { a, api } = await open('/customers', 'kyc-admin');
    await listShown();
    expect(lastQuery(api, 'customers')).toEqual({
      kycStatus: 'pending',
      page: '1',
      pageSize: '25',
      sort: 'createdAt',
      dir: 'asc',
    });
    expect(content().getByLabelText('KYC status')).toHaveValue('pending');
    expect(rowOf('CUS-000001')).not.toBeNull();
    expect(rowOf('CUS-000003')).toBeNull();

    await a.user.selectOptions(content().getByLabelText('KYC status'), 'All statuses');
    await waitFor(() => expect(rowOf('CUS-000003')).not.toBeNull());
    expect(lastQuery(api, 'customers')).not.toHaveProperty('kycStatus');
    expect(a.location().search).toContain('kycStatus=all');

    await a.user.selectOptions(content().getByLabelText('KYC status'), 'rejected');
    await waitFor(() => expect(lastQuery(api, 'customers')).toMatchObject({ kycStatus: 'rejected', page: '1' }));
    expect(a.location().search).toContain('kycStatus=rejected');
    await waitFor(() => expect(rowOf('CUS-000001')).toBeNull());
    expect(rowOf('CUS-000002')).not.toBeNull();

    await a.user.selectOptions(content().getByLabelText('Region'), 'Thiès');
    await waitFor(() => expect(lastQuery(api, 'customers')).toMatchObject({ kycStatus: 'rejected', region: 'Thiès' }));

    await a.user.type(content().getByLabelText('Search'), 'Fall');
    await a.user.click(content().getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(lastQuery(api, 'customers')).toMatchObject({ q: 'Fall', region: 'Thiès' }));

    const from = content().getByLabelText('Registered from');
    await a.user.type(from, '01-02-2025');
    await waitFor(() => expect(lastQuery(api, 'customers')).toMatchObject({ from: '2025-02-01' }));
    await a.user.type(content().getByLabelText('Registered to'), '28-02-2025');
    await waitFor(() => expect(lastQuery(api, 'customers')).toMatchObject({ from: '2025-02-01', to: '2025-02-28' }));
    expect(a.location().search).toContain('to=2025-02-28');
  });

  it('checks the agent filter in place before asking', { timeout: TIMEOUT }, async () => {
    const { a, api } = await open('/customers?kycStatus=all', 'admin');
    await listShown();
    const calls = api.callsTo('kyc/customers').length;
    const agent = content().getByLabelText('Agent');
    await a.user.type(agent, 'AGT12');
    await a.user.click(content().getByRole('button', { name: 'Search' }));
    expect(content().getByText('Enter an agent account number such as AGT-00012.')).toBeVisible();
    expect(agent).toHaveAttribute('aria-invalid', 'true');
    expect(document.activeElement).toBe(agent);
    expect(api.callsTo('kyc/customers').length).toBe(calls);

    await a.user.clear(agent);
    await a.user.type(agent, 'agt-00001');
    await a.user.click(content().getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(lastQuery(api, 'customers')).toMatchObject({ agent: 'AGT-00001' }));
    await waitFor(() => expect(rowOf('CUS-000002')).toBeNull());
    expect(rowOf('CUS-000001')).not.toBeNull();
  });

  it('sorts by a column header and changes the page size', { timeout: TIMEOUT }, async () => {
    const { a, api } = await open('/customers?kycStatus=all', 'admin');
    await listShown();
    await a.user.click(content().getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(lastQuery(api, 'customers')).toMatchObject({ sort: 'name', dir: 'asc' }));
    await waitFor(() =>
      expect([...document.querySelectorAll('tr[data-account]')].map((r) => r.getAttribute('data-account'))).toEqual([
        'CUS-000001',
        'CUS-000002',
        'CUS-000003',
      ]),
    );
    expect(content().getByRole('columnheader', { name: /^Name/ })).toHaveAttribute('aria-sort', 'ascending');
    await a.user.click(content().getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(lastQuery(api, 'customers')).toMatchObject({ sort: 'name', dir: 'desc' }));

    await a.user.selectOptions(content().getByLabelText('Rows per page'), '50');
    await waitFor(() => expect(lastQuery(api, 'customers')).toMatchObject({ pageSize: '50', page: '1' }));
  });

  it('names a search that finds nothing and suggests another way to find the account', {
    timeout: TIMEOUT,
  }, async () => {
    await open('/customers?kycStatus=all&q=Nobody%20Here', 'kyc-admin');
    expect(
      await content().findByText('Nothing matches “Nobody Here”. Try fewer letters, or the phone or account number.'),
    ).toBeVisible();
  });

  it('reads a shared link: its filters are applied and shown', { timeout: TIMEOUT }, async () => {
    const { api } = await open('/merchants?kycStatus=more_documents&region=Dakar', 'zone-sales-manager');
    await listShown();
    expect(lastQuery(api, 'merchants')).toMatchObject({ kycStatus: 'more_documents', region: 'Dakar' });
    expect(content().getByLabelText('KYC status')).toHaveValue('more_documents');
    expect(content().getByLabelText('Region')).toHaveValue('Dakar');
  });
});

describe('review: a rejection and its reason', () => {
  it('shows the last decision with its reason in the row and on top of the detail', { timeout: TIMEOUT }, async () => {
    const { a } = await open('/customers?kycStatus=rejected', 'support-plus');
    await listShown();
    const row = within(rowOf('CUS-000002'));
    expect(row.getByText('Rejected', { selector: '[data-value]' })).toBeVisible();
    expect(row.getByTestId('last-reason')).toHaveTextContent(REJECTION_REASON);
    expect(plain(rowOf('CUS-000002').textContent)).toContain('Fatou Sow');

    await a.user.click(row.getByRole('link', { name: 'Open Ibrahima Fall (CUS-000002)' }));
    const concern = await content().findByTestId('latest-concern');
    expect(a.location().search).toContain('account=CUS-000002');
    expect(plain(concern.textContent)).toContain('Rejected by Fatou Sow on 21-02-2025');
    expect(concern).toHaveTextContent(REJECTION_REASON);
    expect(within(content().getByTestId('decision-history')).getByText(`“${REJECTION_REASON}”`)).toBeVisible();
  });

  it('needs a reason to reject, sends it once, and the next reviewer reads it', { timeout: TIMEOUT }, async () => {
    const api = createFakeApi();
    const { a, fake } = await open('/customers?account=CUS-000001', 'kyc-admin', api);
    await content().findByRole('heading', { level: 2, name: 'Aminata Diallo' });
    await a.user.click(content().getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject: Aminata Diallo' });
    const reason = within(dialog).getByLabelText('Reason');
    await a.user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText(`Give a reason of at least ${REASON_MIN} characters.`)).toBeVisible();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(document.activeElement).toBe(reason);
    expect(fake.decisionCalls('CUS-000001')).toHaveLength(0);

    await a.user.type(reason, 'ID card expired in 2023.');
    expect(within(dialog).queryByText(`Give a reason of at least ${REASON_MIN} characters.`)).toBeNull();
    await a.user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.decisionCalls('CUS-000001').map((c) => c.body)).toEqual([
      { decision: 'reject', reason: 'ID card expired in 2023.' },
    ]);
    expect(
      await screen.findByText(
        'Aminata Diallo’s account (CUS-000001) is rejected: ID card expired in 2023.',
        undefined,
        {
          timeout: 5_000,
        },
      ),
    ).toBeVisible();
    const concern = await content().findByTestId('latest-concern');
    expect(plain(concern.textContent)).toContain('Rejected by Fatou Sow');
    expect(concern).toHaveTextContent('ID card expired in 2023.');

    // Back to the queue: it is asked again, and the decided account no longer waits in it.
    const listCalls = fake.listCalls('customers').length;
    await a.user.click(content().getByRole('link', { name: 'Back to the list' }));
    await waitFor(() => expect(fake.listCalls('customers').length).toBe(listCalls + 1));
    expect(await content().findByText('There is no account to review.')).toBeVisible();
    expect(rowOf('CUS-000001')).toBeNull();
    a.unmount();

    // Another reviewer, another session: the reason is the first thing they read.
    const { a: next } = await open('/customers?account=CUS-000001', 'admin', api);
    const seen = await content().findByTestId('latest-concern');
    expect(plain(seen.textContent)).toContain('Rejected by Fatou Sow');
    expect(seen).toHaveTextContent('ID card expired in 2023.');
    expect(next.location().pathname).toBe('/customers');
  });

  it('cancels without sending, and asks for documents with a reason too', { timeout: TIMEOUT }, async () => {
    const { a, fake } = await open('/customers?account=CUS-000001', 'kyc-admin');
    await content().findByRole('heading', { level: 2, name: 'Aminata Diallo' });
    await a.user.click(content().getByRole('button', { name: 'Ask for more documents' }));
    let dialog = await screen.findByRole('dialog');
    await a.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await a.user.click(content().getByRole('button', { name: 'Ask for more documents' }));
    dialog = await screen.findByRole('dialog');
    await a.user.click(within(dialog).getByRole('button', { name: 'Ask for documents' }));
    expect(within(dialog).getByText(`Give a reason of at least ${REASON_MIN} characters.`)).toBeVisible();
    await a.user.type(within(dialog).getByLabelText('Reason'), 'A proof of address under 3 months.');
    await a.user.click(within(dialog).getByRole('button', { name: 'Ask for documents' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.decisionCalls('CUS-000001').map((c) => c.body)).toEqual([
      { decision: 'more_documents', reason: 'A proof of address under 3 months.' },
    ]);
    expect(await content().findByText('KYC: More documents')).toBeVisible();
  });
});

describe('review: approval and what it changes', () => {
  it('approves without a reason, and the account may then move money up to the daily limit', {
    timeout: TIMEOUT,
  }, async () => {
    const { a, fake } = await open('/customers?account=CUS-000001', 'kyc-admin');
    await content().findByRole('heading', { level: 2, name: 'Aminata Diallo' });
    expect(content().getByTestId('can-transact')).toHaveTextContent('No');
    expect(plain(content().getByTestId('daily-limit').textContent)).toBe(plain(formatXof(0, 'en')));
    await a.user.click(content().getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve: Aminata Diallo' });
    expect(within(dialog).getByLabelText(/^Note/)).not.toBeRequired();
    await a.user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.decisionCalls('CUS-000001').map((c) => c.body)).toEqual([{ decision: 'approve' }]);
    await waitFor(() => expect(content().getByTestId('can-transact')).toHaveTextContent('Yes'));
    expect(plain(content().getByTestId('daily-limit').textContent)).toBe(plain(formatXof(200_000, 'en')));
    expect(content().getByText('KYC: Approved')).toBeVisible();
    expect(
      await screen.findByText('Aminata Diallo’s account (CUS-000001) is approved.', undefined, { timeout: 5_000 }),
    ).toBeVisible();
    // Approved: nothing more to decide, and no word about who else must approve it.
    expect(content().queryByRole('button', { name: 'Reject' })).toBeNull();
    expect(content().queryByTestId('approve-blocked')).toBeNull();
  });

  it('says why approval is not offered, and shows the server’s refusal in the open dialog', {
    timeout: TIMEOUT,
  }, async () => {
    const { a: agentView } = await open('/agents?account=AGT-00001', 'admin');
    await content().findByRole('heading', { level: 2, name: 'Agent Cheikh Mbaye' });
    // No documents on file: approval is not offered, and the page says why.
    expect(content().queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(content().getByTestId('approve-blocked')).toHaveTextContent(
      'Approval needs these documents on file first: ID card (front), ID card (back), Selfie, Proof of address.',
    );
    agentView.unmount();

    const { a, fake } = await open('/customers?account=CUS-000001', 'kyc-admin');
    await content().findByRole('heading', { level: 2, name: 'Aminata Diallo' });
    // Meanwhile the selfie is gone on the server: the API, not the page, has the last word.
    const account = fake.account('CUS-000001');
    account.documents = account.documents.filter((d) => d.type !== 'selfie');
    await a.user.click(content().getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog');
    await a.user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('A required document is not on file.');
    expect(screen.getByRole('dialog')).toBeVisible();
    expect(content().getByText('KYC: Pending')).toBeVisible();
    await a.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('offers no decision where the caller may not take one', { timeout: TIMEOUT }, async () => {
    const { a } = await open('/customers?account=CUS-000003', 'support-plus');
    await content().findByRole('heading', { level: 2, name: 'Ousmane Sarr' });
    expect(content().queryByRole('region', { name: 'Decisions' })).toBeNull();
    expect(content().queryByRole('button', { name: /Approve|Reject|Ask for more/ })).toBeNull();
    a.unmount();

    // The zone sales manager registered CUS-000001: they may reject it, not approve it.
    await open('/customers?account=CUS-000001', 'zone-sales-manager');
    await content().findByRole('heading', { level: 2, name: 'Aminata Diallo' });
    expect(content().queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(content().getByRole('button', { name: 'Reject' })).toBeVisible();
    expect(content().getByTestId('approve-blocked')).toHaveTextContent('another reviewer must approve it');
    expect(content().getByRole('link', { name: 'Upload a document' })).toHaveAttribute(
      'href',
      '/upload-document?account=CUS-000001',
    );
  });
});

describe('review: documents in place', () => {
  it('fetches the bytes with the session and shows each image in place without a click, and only ever saves a PDF', {
    timeout: TIMEOUT,
  }, async () => {
    const saved: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.cloneNode() as HTMLAnchorElement);
    });
    const { a, api } = await open('/customers?account=CUS-000001', 'kyc-admin');
    await content().findByRole('heading', { level: 2, name: 'Aminata Diallo' });
    const image = await content().findByRole('img', { name: 'ID card (front)' });
    expect(image.getAttribute('src')).toMatch(/^blob:/);
    expect(content().getByRole('button', { name: 'Zoom out of ID card (front)' })).toBeDisabled();
    await a.user.click(content().getByRole('button', { name: 'Zoom in on ID card (front)' }));
    expect(content().getAllByText('150%')).toHaveLength(1);

    // A PDF has no image nor zoom: nothing in the page ever renders it, not even the browser's viewer.
    expect(content().queryByRole('button', { name: 'Zoom in on Proof of address' })).toBeNull();
    expect(content().getByText(/A PDF is not opened in the dashboard/)).toBeVisible();
    await a.user.click(content().getByRole('button', { name: 'Download Proof of address (PDF)' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const [download] = saved as [HTMLAnchorElement];
    expect(download.getAttribute('href')).toMatch(/^blob:/);
    expect(download.getAttribute('download')).toBe('proof_of_address.pdf');
    expect(download.hasAttribute('target')).toBe(false);
    expect(document.querySelectorAll('iframe, object, embed')).toHaveLength(0);
    expect(content().queryByRole('link', { name: /Proof of address/ })).toBeNull();

    const contentCalls = api.calls.filter((c) => /^kyc\/documents\/\d+\/content$/.test(c.path));
    // The three images at once, the PDF once asked for.
    expect(contentCalls).toHaveLength(4);
    for (const call of contentCalls) expect(call.headers.get(HEADER.sessionToken)).toMatch(/^token-/);
    const blobs = vi.mocked(URL.createObjectURL).mock.calls.map(([blob]) => (blob as Blob).type);
    expect(blobs.filter((type) => type === 'application/pdf')).toHaveLength(1);
    expect(blobs.at(-1)).toBe('application/pdf');

    // Leaving the account lets go of its images' bytes.
    await a.user.click(content().getByRole('link', { name: 'Back to the list' }));
    await waitFor(() => expect(URL.revokeObjectURL).toHaveBeenCalledWith(image.getAttribute('src')));
  });
});
