/**
 * /onboard-student and /my-students for the zone sales manager, over the fake API: the form is
 * checked with the contract's student schema in place, the server's refusal lands on its field,
 * the new wallet is shown KYC-pending; the list shows the manager's own students with search
 * and paging in the URL and the request.
 */
import { dayTextOf } from '../../src/ui/form/day-text';
import { waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StudentRow } from '../../contract/api/students';
import { LANGUAGE_KEY } from '../../src/i18n';
import { installFakeKyc } from './support/fake-kyc';
import { installFakeRegistration, SERVER_TODAY } from './support/fake-registration';
import { createFakeApi, createMemoryStore, type FakeApi, type RenderedApp, renderApp } from './support/render-app';

const TIMEOUT = 30_000;
let app: RenderedApp | undefined;

beforeAll(async () => {
  await Promise.all([
    import('../../src/features/students/OnboardStudentPage'),
    import('../../src/features/students/MyStudentsPage'),
  ]);
}, 60_000);
// The student age rule (10 to 30) is checked on "today": the browser's and the fake server's agree.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: SERVER_TODAY });
});
afterEach(() => {
  app?.unmount();
  app = undefined;
  vi.useRealTimers();
});

const content = () => within(document.getElementById('content') ?? document.body);
const plain = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

function student(i: number, extra: Partial<StudentRow> = {}): StudentRow {
  return {
    number: `CUS-0004${String(i).padStart(2, '0')}`,
    firstName: `Élève${i}`,
    lastName: 'Ndour',
    name: `Élève${i} Ndour`,
    birthDate: '2008-09-01',
    school: i % 2 ? 'Lycée Blaise Diagne' : 'Université Cheikh Anta Diop',
    level: i % 2 ? 'high_school' : 'bachelor',
    guardianPhone: '+221 77 300 00 00',
    phone: null,
    status: 'inactive',
    kycStatus: i === 1 ? 'approved' : 'pending',
    createdAt: `2025-02-${String((i % 27) + 1).padStart(2, '0')}T10:00:00.000Z`,
    ...extra,
  };
}

async function open(url: string, options: { students?: StudentRow[]; lang?: 'fr' } = {}) {
  const api = createFakeApi();
  const kyc = installFakeKyc(api);
  const reg = installFakeRegistration(api, kyc, { students: options.students });
  const store = createMemoryStore(options.lang ? { [LANGUAGE_KEY]: options.lang } : {});
  app = renderApp({ api, store, signedInAs: 'zone-sales-manager', url });
  await content().findByRole('heading', { level: 1 }, { timeout: 10_000 });
  return { a: app, api, reg };
}

const LABELS = {
  firstName: /^First name/,
  lastName: /^Last name/,
  birthDate: /^Date of birth/,
  school: /^School/,
  level: /^Level/,
  guardianPhone: /^Guardian’s phone/,
  phone: /^Student’s own phone/,
};

async function fill(a: RenderedApp, values: Partial<Record<keyof typeof LABELS, string>>) {
  for (const [name, value] of Object.entries(values)) {
    const input = content().getByLabelText(LABELS[name as keyof typeof LABELS]);
    if (input instanceof HTMLSelectElement) await a.user.selectOptions(input, value);
    else {
      await a.user.clear(input);
      // Days are typed as people write them; the form holds them as YYYY-MM-DD.
      if (value) await a.user.type(input, name === 'birthDate' ? dayTextOf(value) : value);
    }
  }
}

const VALID = {
  firstName: 'Aïssatou',
  lastName: 'Ndour',
  birthDate: '2010-05-01',
  school: 'Collège Sacré-Cœur',
  level: 'middle_school',
  guardianPhone: '77 222 33 44',
};
const submit = (a: RenderedApp) => a.user.click(content().getByRole('button', { name: 'Onboard the student' }));
const posts = (api: FakeApi) => api.callsTo('students', 'POST');

describe('/onboard-student', () => {
  it('checks the form in place, then opens the wallet KYC-pending', { timeout: TIMEOUT }, async () => {
    const { a, api } = await open('/onboard-student');
    await submit(a);
    expect(content().getAllByText('This field is required.')).toHaveLength(6);
    expect(document.activeElement).toBe(content().getByLabelText(LABELS.firstName));
    expect(content().getByLabelText(LABELS.phone)).toHaveAttribute('aria-invalid', 'false');
    expect(posts(api)).toHaveLength(0);

    await fill(a, { ...VALID, guardianPhone: '77 222' });
    await submit(a);
    expect(content().getByText('Enter a Senegalese mobile number: +221 7X XXX XX XX.')).toBeVisible();
    expect(document.activeElement).toBe(content().getByLabelText(LABELS.guardianPhone));
    expect(posts(api)).toHaveLength(0);

    await fill(a, { guardianPhone: VALID.guardianPhone, birthDate: '1980-01-01' });
    await submit(a);
    expect(content().getByText('A student is 10 to 30 years old.')).toBeVisible();
    await fill(a, { birthDate: VALID.birthDate, phone: '77 222 33 44' });
    await submit(a);
    expect(content().getByText('The student’s number must differ from the guardian’s.')).toBeVisible();
    await fill(a, { phone: '' });
    await submit(a);

    expect(await content().findByRole('heading', { name: 'Student onboarded' })).toBeVisible();
    expect(content().getByTestId('student-wallet')).toHaveTextContent('CUS-000501');
    const text = plain(content().getByRole('region', { name: 'Student onboarded' }).textContent);
    for (const part of [
      'NameAïssatou Ndour',
      'SchoolCollège Sacré-Cœur',
      'LevelMiddle school (collège)',
      'KYCPending',
    ]) {
      expect(text).toContain(part);
    }
    expect(posts(api).map((c) => c.body)).toEqual([
      {
        firstName: 'Aïssatou',
        lastName: 'Ndour',
        birthDate: '2010-05-01',
        school: 'Collège Sacré-Cœur',
        level: 'middle_school',
        guardianPhone: '+221 77 222 33 44',
      },
    ]);

    await a.user.click(content().getByRole('button', { name: 'Onboard another' }));
    expect(content().getByLabelText(LABELS.firstName)).toHaveValue('');
  });

  it('puts the server’s refusal on its field', { timeout: TIMEOUT }, async () => {
    const { a } = await open('/onboard-student');
    await fill(a, { ...VALID, phone: '+221 77 111 22 33' });
    await submit(a);
    const phone = content().getByLabelText(LABELS.phone);
    expect(await content().findByText('An account already uses this phone number.')).toBeVisible();
    await waitFor(() => expect(document.activeElement).toBe(phone));
    expect(phone).toHaveAttribute('aria-invalid', 'true');
  });

  it('speaks French', { timeout: TIMEOUT }, async () => {
    const { a } = await open('/onboard-student', { lang: 'fr' });
    await a.user.click(content().getByRole('button', { name: 'Inscrire l’étudiant' }));
    expect(content().getAllByText('Ce champ est obligatoire.')).toHaveLength(6);
    expect(content().getByLabelText(/^Téléphone du tuteur/)).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('/my-students', () => {
  it('lists the manager’s students with their wallet and status', { timeout: TIMEOUT }, async () => {
    const { api } = await open('/my-students', { students: [student(1), student(2)] });
    const row = await waitFor(() => {
      const found = document.querySelector('tr[data-student="CUS-000401"]');
      expect(found).not.toBeNull();
      return found as HTMLElement;
    });
    const text = plain(row.textContent);
    for (const part of [
      'Élève1 Ndour',
      'Lycée Blaise Diagne',
      'High school (lycée)',
      '+221 77 300 00 00',
      'CUS-000401',
    ]) {
      expect(text).toContain(part);
    }
    expect(within(row).getByText('Approved')).toHaveAttribute('data-value', 'approved');
    expect(within(row).getByText('Inactive')).toHaveAttribute('data-value', 'inactive');
    expect(text).toContain('02-02-2025');
    expect(Object.fromEntries(api.callsTo('students', 'GET').at(-1)?.query ?? [])).toEqual({
      page: '1',
      pageSize: '25',
    });
  });

  it('searches and pages through the URL and the request', { timeout: TIMEOUT }, async () => {
    const students = Array.from({ length: 30 }, (_, i) => student(i + 1));
    const { a, api } = await open('/my-students', { students });
    await waitFor(() => expect(document.querySelectorAll('tr[data-student]')).toHaveLength(25));
    await a.user.click(content().getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(document.querySelectorAll('tr[data-student]')).toHaveLength(5));
    expect(Object.fromEntries(api.callsTo('students', 'GET').at(-1)?.query ?? [])).toEqual({
      page: '2',
      pageSize: '25',
    });
    expect(a.location().search).toContain('page=2');

    await a.user.type(content().getByLabelText('Search'), 'Université');
    await a.user.click(content().getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(Object.fromEntries(api.callsTo('students', 'GET').at(-1)?.query ?? [])).toEqual({
        q: 'Université',
        page: '1',
        pageSize: '25',
      }),
    );
    await waitFor(() => expect(document.querySelectorAll('tr[data-student]')).toHaveLength(15));
  });

  it('says so when there is nobody yet', { timeout: TIMEOUT }, async () => {
    await open('/my-students');
    expect(await content().findByText('You have not onboarded any student yet.')).toBeVisible();
  });
});
