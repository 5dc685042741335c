import { useActorRef } from '@xstate/react';
import { useEffect } from 'react';
import type { RegistrationKind } from '../../../contract/registration';
import {
  type RegistrationDraft,
  type RegistrationForm,
  registrationDraftForm,
  registrationDraftSchema,
} from '../../../contract/registration-forms';
import { useServices } from '../../app/ServicesContext';
import { useFormDraft } from '../../session/use-form-draft';
import { registrationActors } from './registration-actors';
import { hasAnyValue } from './registration-form';
import { type RegistrationContext, registrationMachine } from './registration-machine';
import { draftOf } from './registration-selectors';

/** A stored draft of this kind of form, or null (an older or damaged one). */
function parseDraft(kind: RegistrationKind, value: unknown): RegistrationDraft | null {
  const parsed = registrationDraftSchema.safeParse(value);
  return parsed.success && parsed.data.kind === kind ? parsed.data : null;
}

/** The registration of one form, started from its saved draft and keeping that draft as the user types. */
export function useRegistrationActor(form: RegistrationForm) {
  const services = useServices();
  const draft = useFormDraft(registrationDraftForm(form.kind), (value) => parseDraft(form.kind, value));

  /** Keeps the form as typed (useFormDraft skips it once the user has deliberately signed out). */
  const saveDraft = (context: RegistrationContext) =>
    draft.save(hasAnyValue(context.values) ? draftOf(context, new Date()) : null);

  const actor = useActorRef(
    registrationMachine.provide({
      actors: registrationActors(services.api),
      actions: {
        saveDraft: (_, { context }) => saveDraft(context),
        clearDraft: () => draft.clear(),
      },
    }),
    { input: { form, today: new Date(), draft: draft.initial } },
  );

  // Leaving the page (an expired session sends it to /login) keeps what the debounce has not saved yet.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, on the way out.
  useEffect(
    () => () => {
      const { context } = actor.getSnapshot();
      if (context.dirty && context.result === null) saveDraft(context);
    },
    [actor],
  );
  return actor;
}

export type RegistrationActor = ReturnType<typeof useRegistrationActor>;
