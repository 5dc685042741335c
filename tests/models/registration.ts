/**
 * Test model of one registration (a customer, by the zone sales manager), written from issue
 * 8's description of the form, not from src/registration/registration-machine.ts:
 * - steps identity → contact → address → account settings → documents → review, each checked
 *   in place with the shared schemas before the next opens; Back keeps what was typed;
 * - the phone is checked early: one already registered stops the step with a warning;
 * - documents are checked in the browser (a file that is not an image or PDF is refused) and
 *   previewed; they go up after the account is created;
 * - Register creates the account KYC-pending and shows its number; a duplicate the server
 *   finds reopens the contact step with the message; no answer keeps the review with the
 *   message and the form, to try again; "Register another" starts an empty form.
 */
import { setup } from 'xstate';

export type RegistrationModelEvent =
  | { type: 'page.open' }
  | { type: 'form.submitInvalid' }
  | { type: 'form.fillValid' }
  | { type: 'form.fillTakenPhone' }
  | { type: 'form.fixAndReview' }
  | { type: 'step.back' }
  | { type: 'documents.pickInvalid' }
  | { type: 'documents.pickValid' }
  | { type: 'review.submit' }
  | { type: 'server.accepts' }
  | { type: 'server.refusesDuplicate' }
  | { type: 'server.loses' }
  | { type: 'registration.new' };

export const registrationModel = setup({ types: { events: {} as RegistrationModelEvent } }).createMachine({
  id: 'registrationModel',
  initial: 'closed',
  states: {
    closed: { on: { 'page.open': 'identity' } },
    /** An empty identity step, no message. */
    identity: { on: { 'form.submitInvalid': 'identityInvalid', 'form.fillValid': 'contact' } },
    identityInvalid: { on: { 'form.fillValid': 'contact' } },
    /** Back from contact: identity as typed. */
    identityKept: { on: { 'form.fillValid': 'contact' } },
    contact: {
      on: { 'step.back': 'identityKept', 'form.fillTakenPhone': 'contactWarned', 'form.fillValid': 'address' },
    },
    contactWarned: { on: { 'form.fillValid': 'address' } },
    address: { on: { 'form.fillValid': 'settings' } },
    settings: { on: { 'form.fillValid': 'documents' } },
    documents: { on: { 'documents.pickInvalid': 'documentRefused', 'documents.pickValid': 'documentsPicked' } },
    documentRefused: { on: { 'documents.pickValid': 'documentsPicked' } },
    documentsPicked: { on: { 'form.fillValid': 'reviewing' } },
    reviewing: { on: { 'step.back': 'documentsPicked', 'review.submit': 'submitting' } },
    submitting: {
      on: { 'server.accepts': 'done', 'server.refusesDuplicate': 'refusedOnContact', 'server.loses': 'failed' },
    },
    refusedOnContact: { on: { 'form.fixAndReview': 'reviewing' } },
    failed: { on: { 'review.submit': 'submitting' } },
    done: { on: { 'registration.new': 'identity' } },
  },
});

export type RegistrationModelState =
  | 'closed'
  | 'identity'
  | 'identityInvalid'
  | 'identityKept'
  | 'contact'
  | 'contactWarned'
  | 'address'
  | 'settings'
  | 'documents'
  | 'documentRefused'
  | 'documentsPicked'
  | 'reviewing'
  | 'submitting'
  | 'refusedOnContact'
  | 'failed'
  | 'done';
