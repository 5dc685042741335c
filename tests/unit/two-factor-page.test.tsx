/**
 * /two-factor over the fake API: set-up with the QR code and the key, a first code, the
 * recovery codes shown once (copied, downloaded), turning it off with a code, and an admin's
 * reset of another user; the page speaks French, and other groups do not get it.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TwoFactorStatus, TwoFactorUserStatus } from '../../contract/api/two-factor';
import { LANGUAGE_KEY } from '../../src/i18n';
import {
  createFakeApi,
  createMemoryStore,
  type FakeApi,
  failure,
  type RenderedApp,
  renderApp,
  success,
} from './support/render-app';

const TIMEOUT = 30_000;
const CODES = Array.from({ length: 10 }, (_, i) => `k7m2${i}-9qx4${i}`);
const APP_CODE = '314159';

let app: RenderedApp | undefined;
beforeAll(async () => {
  await import('../../src/features/two-factor/TwoFactorPage');
}, 60_000);
beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:http://localhost/codes');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  app?.unmount();
  app = undefined;
  vi.restoreAllMocks();
});

const content = () => within(document.getElementById('content') ?? document.body);

/** A server with one user's own two-factor and another user the admin can reset. */
function installFakeTwoFactor(api: FakeApi) {
  let own: TwoFactorStatus = { enabled: false, enabledAt: null, pending: false, recoveryCodesLeft: 0 };
  const other: TwoFactorUserStatus = {
    username: 'network-supervisor',
    name: 'Cheikh Sarr',
    enabled: true,
    enabledAt: '2026-11-01T08:00:00.000Z',
    pending: false,
  };
  const refused = { status: 400, body: failure('INVALID_TWO_FACTOR_CODE', 'That code is not right (fake API).') };
  api.on('GET', 'two-factor', () => ({ body: success(own) }));
  api.on('POST', 'two-factor/enrolment', () => {
    own = { ...own, pending: true };
    return {
      status: 201,
      body: success({
        secret: 'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
        otpauthUri: 'otpauth://totp/Wallet%20Back-office:admin?secret=JBSWY3DPEHPK3PXP',
        qrCode: 'data:image/svg+xml;base64,PHN2ZyB2aWV3Qm94PSIwIDAgMSAxIi8+',
        issuer: 'Wallet Back-office',
        account: 'admin',
      }),
    };
  });
  api.on('POST', 'two-factor/enrolment/confirm', (call) => {
    if ((call.body as { code: string }).code !== APP_CODE) return refused;
    own = { enabled: true, enabledAt: '2026-11-22T09:00:00.000Z', pending: false, recoveryCodesLeft: 10 };
    return { body: success({ enabledAt: own.enabledAt, recoveryCodes: CODES }) };
  });
  api.on('POST', 'two-factor/disable', (call) => {
    if ((call.body as { code: string }).code !== CODES[3]) return refused;
    own = { enabled: false, enabledAt: null, pending: false, recoveryCodesLeft: 0 };
    return { body: success(own) };
  });
  api.on('GET', 'two-factor/users/network-supervisor', () => ({ body: success(other) }));
  api.on('GET', 'two-factor/users/ghost', () => ({
    status: 404,
    body: failure('NOT_FOUND', 'There is no user named “ghost”.'),
  }));
  // The network supervisor decides what others ask: the reset waits for a second administrator.
  api.on('POST', 'two-factor/users/network-supervisor/reset', () => ({
    status: 202,
    body: success({ applied: false, changeRequestId: 9 }),
  }));
}

async function open(options: { as?: string; lang?: 'fr' } = {}) {
  const api = createFakeApi();
  installFakeTwoFactor(api);
  const store = createMemoryStore(options.lang ? { [LANGUAGE_KEY]: options.lang } : {});
  app = renderApp({ api, store, signedInAs: options.as ?? 'admin', url: '/two-factor' });
  return app;
}

describe('/two-factor', () => {
  it('sets up two-step verification and shows the recovery codes once', { timeout: TIMEOUT }, async () => {
    const a = await open();
    const own = await content().findByRole('region', { name: 'Your two-step verification' }, { timeout: 10_000 });
    await waitFor(() => expect(within(own).getByTestId('two-factor-status')).toHaveTextContent('Off'));
    await a.user.click(within(own).getByRole('button', { name: 'Set up two-step verification' }));

    const qr = await within(own).findByRole('img', { name: /QR code to add admin \(Wallet Back-office\)/ });
    expect(qr).toHaveAttribute('src', expect.stringMatching(/^data:image\/svg\+xml;base64,/));
    expect(within(own).getByTestId('two-factor-key')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(within(own).getByRole('heading', { name: /Scan this QR code/ })).toHaveFocus();

    const code = within(own).getByLabelText('Code from the app');
    await a.user.type(code, '1234');
    await a.user.click(within(own).getByRole('button', { name: 'Turn on' }));
    expect(within(own).getByText('A code from the app has 6 digits.')).toBeVisible();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(a.api.callsTo('two-factor/enrolment/confirm')).toHaveLength(0);

    await a.user.clear(code);
    await a.user.type(code, '000000');
    await a.user.click(within(own).getByRole('button', { name: 'Turn on' }));
    expect(await within(own).findByRole('alert')).toHaveTextContent('That code is not right (fake API).');
    await waitFor(() => expect(within(own).getByLabelText('Code from the app')).toHaveValue(''));

    await a.user.type(within(own).getByLabelText('Code from the app'), '314 159');
    await a.user.click(within(own).getByRole('button', { name: 'Turn on' }));
    const list = await within(own).findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    expect(a.api.callsTo('two-factor/enrolment/confirm').at(-1)?.body).toEqual({ code: APP_CODE });
    expect(within(own).getByTestId('two-factor-status')).toHaveTextContent(/On since 22-11-2026/);
    // The key and QR code are gone once it is on.
    expect(within(own).queryByRole('img')).toBeNull();

    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await a.user.click(within(own).getByRole('button', { name: 'Copy' }));
    expect(await within(own).findByText('Copied.')).toBeVisible();
    expect(writeText).toHaveBeenCalledWith(CODES.join('\n'));

    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await a.user.click(within(own).getByRole('button', { name: 'Download' }));
    expect(click).toHaveBeenCalledTimes(1);
    const blob = vi.mocked(URL.createObjectURL).mock.calls[0]?.[0] as Blob;
    const text = await blob.text();
    for (const c of CODES) expect(text).toContain(c);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('recovery-codes-admin.txt');

    await a.user.click(within(own).getByRole('button', { name: 'I have saved them' }));
    expect(within(own).queryByRole('list', { name: 'Recovery codes' })).toBeNull();
    expect(within(own).getByText('10 recovery codes left.')).toBeVisible();
  });

  it('turns it off with a code, and shows the server’s refusal in place', { timeout: TIMEOUT }, async () => {
    const a = await open();
    const own = await content().findByRole('region', { name: 'Your two-step verification' }, { timeout: 10_000 });
    await a.user.click(await within(own).findByRole('button', { name: 'Set up two-step verification' }));
    await a.user.type(await within(own).findByLabelText('Code from the app'), APP_CODE);
    await a.user.click(within(own).getByRole('button', { name: 'Turn on' }));
    await a.user.click(await within(own).findByRole('button', { name: 'I have saved them' }));

    await a.user.click(within(own).getByRole('button', { name: 'Turn off' }));
    const field = within(own).getByLabelText('Code');
    await waitFor(() => expect(field).toHaveFocus());
    await a.user.type(field, 'abcde-00000');
    await a.user.click(within(own).getByRole('button', { name: 'Turn off' }));
    expect(await within(own).findByRole('alert')).toHaveTextContent('That code is not right (fake API).');
    await a.user.type(within(own).getByLabelText('Code'), CODES[3] as string);
    await a.user.click(within(own).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(within(own).getByTestId('two-factor-status')).toHaveTextContent('Off'));
    expect(within(own).getByRole('button', { name: 'Set up two-step verification' })).toBeVisible();
  });

  it('lets an admin ask for a reset of another user’s, after a confirmation', { timeout: TIMEOUT }, async () => {
    const a = await open();
    const admin = await content().findByRole(
      'region',
      { name: 'Reset another user’s two-step verification' },
      { timeout: 10_000 },
    );
    await a.user.click(within(admin).getByRole('button', { name: 'Find' }));
    expect(within(admin).getByText('Enter a username.')).toBeVisible();
    await a.user.type(within(admin).getByLabelText('Username'), 'ghost');
    await a.user.click(within(admin).getByRole('button', { name: 'Find' }));
    expect(await within(admin).findByRole('alert')).toHaveTextContent('There is no user named “ghost”.');

    await a.user.clear(within(admin).getByLabelText('Username'));
    await a.user.type(within(admin).getByLabelText('Username'), 'network-supervisor');
    await a.user.click(within(admin).getByRole('button', { name: 'Find' }));
    const target = await within(admin).findByTestId('reset-target');
    expect(target).toHaveTextContent('Cheikh Sarr (network-supervisor)');
    expect(target).toHaveTextContent(/Two-step verification on since 01-11-2026/);
    await a.user.click(within(target).getByRole('button', { name: 'Reset' }));
    expect(target).toHaveTextContent('They will sign in with their password alone.');
    expect(a.api.callsTo('two-factor/users/network-supervisor/reset')).toHaveLength(0);
    await a.user.click(within(target).getByRole('button', { name: 'Yes, reset' }));
    expect(
      await within(admin).findByText(
        'network-supervisor decides what others ask: the reset waits for a second administrator in the approvals inbox. Their two-step verification stays on until then.',
      ),
    ).toBeVisible();
    expect(a.api.callsTo('two-factor/users/network-supervisor/reset')).toHaveLength(1);
    expect(target).toHaveTextContent(/Two-step verification on since 01-11-2026/);
  });

  it('speaks French', { timeout: TIMEOUT }, async () => {
    await open({ lang: 'fr' });
    const own = await content().findByRole(
      'region',
      { name: 'Votre vérification en deux étapes' },
      { timeout: 10_000 },
    );
    expect(await within(own).findByRole('button', { name: 'Configurer la vérification en deux étapes' })).toBeVisible();
    expect(content().getByRole('heading', { level: 1 })).toHaveTextContent('Authentification à deux facteurs');
  });

  it('is not offered outside the admin menu', { timeout: TIMEOUT }, async () => {
    const a = await open({ as: 'agent' });
    await waitFor(() => expect(a.location().pathname).toBe('/two-factor'));
    expect(await screen.findByText(/not allowed/i)).toBeVisible();
    expect(a.api.callsTo('two-factor')).toHaveLength(0);
  });
});
