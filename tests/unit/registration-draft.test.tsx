/**
 * The registration draft: kept (in sessionStorage, per user and kind, without files) as the
 * user types; after the session expires and the user signs in again, the form reopens where
 * it was with a notice; a deliberate Logout, "Discard draft" or another user signing in on
 * the same tab clear it.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMO_PASSWORD } from '../../server/db/demo-users';
import { registrationDraftForm } from '../../contract/registration-forms';
import { formDraftKey } from '../../src/session/form-drafts';
import { installFakeKyc, PNG_BYTES } from './support/fake-kyc';
import { installFakeRegistration } from './support/fake-registration';
import { createFakeApi, type RenderedApp, renderApp } from './support/render-app';

const TIMEOUT = 30_000;
const FORM = '/registration/customer';
let app: RenderedApp | undefined;

beforeAll(async () => {
  await import('../../src/features/registration/RegistrationPage');
}, 60_000);
beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:http://localhost/preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  app?.unmount();
  app = undefined;
  window.sessionStorage.clear();
});

const content = () => within(document.getElementById('content') ?? document.body);
const stepHeading = () => document.getElementById('registration-step-title');
const draftKey = (a: RenderedApp, username: string) =>
  formDraftKey(registrationDraftForm('customer'), a.api.userNamed(username).id);
const storedDraft = (a: RenderedApp, username: string) => {
  const raw = window.sessionStorage.getItem(draftKey(a, username));
  return raw === null ? null : (JSON.parse(raw) as { step: string; values: Record<string, Record<string, string>> });
};

async function openForm(as = 'zone-sales-manager') {
  const api = createFakeApi();
  const kyc = installFakeKyc(api);
  installFakeRegistration(api, kyc);
  app = renderApp({ api, signedInAs: as, url: FORM });
  await content().findByRole('heading', { level: 1, name: 'Customer Registration' }, { timeout: 10_000 });
  await waitFor(() => expect(stepHeading()).toHaveTextContent('Identity'));
  return app;
}

async function typeIdentity(a: RenderedApp) {
  await a.user.type(content().getByLabelText(/^First name/), 'Khadija');
  await a.user.type(content().getByLabelText(/^Last name/), 'Sy');
  await a.user.type(content().getByLabelText(/^Date of birth/), '15-06-1995');
  await a.user.selectOptions(content().getByLabelText(/^Sex/), 'female');
  await a.user.type(content().getByLabelText(/^National ID card number/), '2123199500456');
}

async function signIn(a: RenderedApp, username: string) {
  await screen.findByRole('heading', { name: 'Sign in' });
  await a.user.type(screen.getByLabelText('Username'), username);
  await a.user.type(screen.getByLabelText('Password'), DEMO_PASSWORD);
  await a.user.click(screen.getByRole('button', { name: 'Sign in' }));
  await waitFor(() => expect(a.location().pathname).not.toBe('/login'));
}

async function goToForm(a: RenderedApp) {
  await act(async () => {
    await a.router.navigate({ to: FORM });
  });
  await content().findByRole('heading', { level: 1, name: 'Customer Registration' });
}

describe('registration draft', () => {
  it('is kept as the user types, step by step, and never holds a file', { timeout: TIMEOUT }, async () => {
    const a = await openForm();
    await typeIdentity(a);
    await waitFor(() => expect(storedDraft(a, 'zone-sales-manager')?.values.identity?.firstName).toBe('Khadija'));
    expect(storedDraft(a, 'zone-sales-manager')).toMatchObject({
      step: 'identity',
      values: { identity: { lastName: 'Sy', gender: 'female' } },
    });
    const next = async (title: string) => {
      await a.user.click(content().getByRole('button', { name: 'Next' }));
      await waitFor(() => expect(stepHeading()).toHaveTextContent(title));
    };
    await next('Contact');
    await a.user.type(content().getByLabelText(/^Mobile number/), '77 987 65 43');
    await next('Address');
    await a.user.type(content().getByLabelText(/^Street and number/), 'Rue 12');
    await a.user.type(content().getByLabelText(/^City/), 'Dakar');
    await a.user.selectOptions(content().getByLabelText(/^Region/), 'Dakar');
    await next('Account settings');
    await next('Documents');
    await a.user.upload(
      content().getByLabelText(/^ID card \(front\) ·/),
      new File([PNG_BYTES], 'front.png', { type: 'image/png' }),
    );
    await content().findByTestId('file-preview');
    await waitFor(() => expect(storedDraft(a, 'zone-sales-manager')?.step).toBe('documents'));
    const raw = window.sessionStorage.getItem(draftKey(a, 'zone-sales-manager')) ?? '';
    expect(raw).not.toContain('front.png');
    expect(Object.keys(JSON.parse(raw)).sort()).toEqual(['kind', 'savedAt', 'step', 'values']);
    // Kept apart from the session's own storage: nothing of the form is in localStorage.
    const kept = Object.keys(window.localStorage).map((key) => window.localStorage.getItem(key) ?? '');
    expect(kept.filter((value) => value.includes('documents') || value.includes('front.png'))).toEqual([]);
    expect(Object.keys(window.localStorage).filter((key) => key.includes('draft'))).toEqual([]);
  });

  it('survives an expired session and the sign-in after it, and reopens where it was', {
    timeout: TIMEOUT,
  }, async () => {
    const a = await openForm();
    await typeIdentity(a);
    await a.user.click(content().getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(stepHeading()).toHaveTextContent('Contact'));
    await a.user.type(content().getByLabelText(/^Mobile number/), '77 987 65 43');
    a.api.expireNextCall('Your session has expired. Please sign in again.', 'registrations/availability');
    await a.user.click(content().getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(a.location().pathname).toBe('/login'));
    expect(storedDraft(a, 'zone-sales-manager')).toMatchObject({
      step: 'contact',
      values: { identity: { firstName: 'Khadija' }, contact: { phone: '77 987 65 43' } },
    });

    await signIn(a, 'zone-sales-manager');
    await goToForm(a);
    const notice = await content().findByTestId('draft-notice');
    expect(notice).toHaveTextContent('Your unfinished form was restored');
    expect(stepHeading()).toHaveTextContent('Contact');
    expect(content().getByLabelText(/^Mobile number/)).toHaveValue('77 987 65 43');
    await a.user.click(content().getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(stepHeading()).toHaveTextContent('Identity'));
    expect(content().getByLabelText(/^First name/)).toHaveValue('Khadija');
    expect(content().getByLabelText(/^National ID card number/)).toHaveValue('2123199500456');
  });

  it('is cleared by a deliberate Logout', { timeout: TIMEOUT }, async () => {
    const a = await openForm();
    await typeIdentity(a);
    await waitFor(() => expect(storedDraft(a, 'zone-sales-manager')).not.toBeNull());
    const header = document.querySelector('header') as HTMLElement;
    await a.user.click(within(header).getByRole('button', { name: /Logout/ }));
    await waitFor(() => expect(a.location().pathname).toBe('/login'));
    expect(storedDraft(a, 'zone-sales-manager')).toBeNull();

    await signIn(a, 'zone-sales-manager');
    await goToForm(a);
    await waitFor(() => expect(stepHeading()).toHaveTextContent('Identity'));
    expect(content().queryByTestId('draft-notice')).toBeNull();
    expect(content().getByLabelText(/^First name/)).toHaveValue('');
  });

  it('is cleared by “Discard draft”, and the form starts empty', { timeout: TIMEOUT }, async () => {
    const first = await openForm();
    await typeIdentity(first);
    await waitFor(() => expect(storedDraft(first, 'zone-sales-manager')).not.toBeNull());
    // Another visit to the form (a reload of the tab): the draft comes back.
    app = first.reload();
    const a = app;
    await content().findByTestId('draft-notice', {}, { timeout: 10_000 });
    expect(content().getByLabelText(/^First name/)).toHaveValue('Khadija');
    await a.user.click(content().getByRole('button', { name: 'Discard draft' }));
    await waitFor(() => expect(content().queryByTestId('draft-notice')).toBeNull());
    expect(content().getByLabelText(/^First name/)).toHaveValue('');
    expect(storedDraft(a, 'zone-sales-manager')).toBeNull();
  });

  it('never reaches another user signing in on the same tab', { timeout: TIMEOUT }, async () => {
    const a = await openForm();
    await typeIdentity(a);
    a.api.expireNextCall('Your session has expired. Please sign in again.', 'registrations/availability');
    await a.user.click(content().getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(a.location().pathname).toBe('/login'));
    expect(storedDraft(a, 'zone-sales-manager')).not.toBeNull();

    await signIn(a, 'admin');
    expect(storedDraft(a, 'zone-sales-manager')).toBeNull();
    await goToForm(a);
    await waitFor(() => expect(stepHeading()).toHaveTextContent('Identity'));
    expect(content().queryByTestId('draft-notice')).toBeNull();
    expect(content().getByLabelText(/^First name/)).toHaveValue('');
  });
});
