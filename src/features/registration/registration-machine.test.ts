import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { DocumentType } from '../../../contract/kyc';
import type { KycDocumentView } from '../../../contract/api/kyc';
import { REGISTRATION_FORMS } from '../../../contract/registration-forms';
import type { RegistrationAvailability, RegistrationResult } from '../../../contract/api/registrations';
import { ApiRequestError } from '../../api/client';
import type { CheckedFile } from '../../ui/files/document-file';
import { type RegistrationContext, registrationMachine } from './registration-machine';

const form = REGISTRATION_FORMS.customer;
const TODAY = new Date('2025-03-04T00:00:00Z');
const result: RegistrationResult = {
  number: 'CUS-000101',
  kind: 'customer',
  registrationKind: 'customer',
  label: 'Awa Sy',
  phone: '+221 77 123 45 67',
  kycStatus: 'pending',
  status: 'inactive',
  requiredDocuments: ['id_front', 'id_back', 'selfie'],
  createdAt: '2025-03-04T09:00:00.000Z',
};
const checked = (name: string): CheckedFile => ({ file: new File(['x'], name), mimeType: 'image/png', problem: null });

function start(uploadFails: (type: DocumentType, attempt: number) => boolean = () => false) {
  const saved: RegistrationContext[] = [];
  const cleared: string[] = [];
  const attempts = new Map<DocumentType, number>();
  const actor = createActor(
    registrationMachine.provide({
      actors: {
        checkDuplicates: fromPromise(
          async (): Promise<RegistrationAvailability> => ({
            phone: { taken: false, account: null },
            nationalId: { taken: false, account: null },
          }),
        ),
        createAccount: fromPromise(async () => result),
        uploadDocument: fromPromise(async ({ input }) => {
          const n = (attempts.get(input.docType) ?? 0) + 1;
          attempts.set(input.docType, n);
          if (uploadFails(input.docType, n)) throw new ApiRequestError('Too large', 413, 'DOCUMENT_TOO_LARGE', false);
          return { id: n, type: input.docType } as KycDocumentView;
        }),
      },
      actions: {
        saveDraft: (_, { context }) => void saved.push(context),
        clearDraft: (_, { kind }) => void cleared.push(kind),
      },
      delays: { draftDebounce: 300 },
    }),
    { input: { form, today: TODAY } },
  ).start();
  return { actor, saved, cleared, attempts };
}

function fillAll(actor: ReturnType<typeof start>['actor']) {
  const change = (step: 'identity' | 'contact' | 'address', name: string, value: string) =>
    actor.send({ type: 'field.change', step, name, value });
  change('identity', 'firstName', 'Awa');
  change('identity', 'lastName', 'Sy');
  change('identity', 'birthDate', '1990-01-01');
  change('identity', 'gender', 'female');
  change('identity', 'nationalId', '2123419900123');
  change('contact', 'phone', '771234567');
  change('address', 'street', 'Rue 1');
  change('address', 'city', 'Dakar');
  change('address', 'region', 'Dakar');
}

describe('registration machine: the draft', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('saves once typing pauses, not per keystroke', () => {
    const { actor, saved } = start();
    for (const value of ['A', 'Aw', 'Awa']) {
      actor.send({ type: 'field.change', step: 'identity', name: 'firstName', value });
      vi.advanceTimersByTime(100);
    }
    expect(saved).toHaveLength(0);
    vi.advanceTimersByTime(300);
    expect(saved).toHaveLength(1);
    expect(saved[0]?.values.identity.firstName).toBe('Awa');
    vi.advanceTimersByTime(1000);
    expect(saved).toHaveLength(1);
  });

  it('discards the draft and starts empty', () => {
    const { actor, cleared } = start();
    actor.send({ type: 'field.change', step: 'identity', name: 'firstName', value: 'Awa' });
    actor.send({ type: 'draft.discard' });
    expect(cleared).toEqual(['customer']);
    expect(actor.getSnapshot().context.values.identity.firstName).toBe('');
  });
});

describe('registration machine: after the account is created', () => {
  it('uploads each file in turn, goes on past a refusal, and sends again only the refused one', async () => {
    const { actor, cleared, attempts } = start((type, attempt) => type === 'id_back' && attempt === 1);
    fillAll(actor);
    for (const next of ['contact', 'address', 'settings', 'documents']) {
      actor.send({ type: 'step.next' });
      await waitFor(actor, (s) => s.matches('editing') && s.context.step === next);
    }
    actor.send({ type: 'document.pick', docType: 'id_front', checked: checked('front.png') });
    actor.send({ type: 'document.pick', docType: 'id_back', checked: checked('back.png') });
    actor.send({ type: 'step.next' });
    expect(actor.getSnapshot().matches('reviewing')).toBe(true);
    actor.send({ type: 'registration.submit' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(cleared).toEqual(['customer']);
    expect(actor.getSnapshot().context.uploads).toEqual({ id_front: 'done', id_back: 'failed' });
    expect(actor.getSnapshot().context.uploadFailures.id_back?.code).toBe('DOCUMENT_TOO_LARGE');

    actor.send({ type: 'uploads.retry' });
    await waitFor(actor, (s) => s.matches('done') && s.context.uploads.id_back === 'done');
    expect(Object.fromEntries(attempts)).toEqual({ id_front: 1, id_back: 2 });
  });
});
