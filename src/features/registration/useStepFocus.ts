import { type FormEvent, useEffect, useRef } from 'react';
import type { DocumentType } from '../../../contract/kyc';
import type { DataStep } from '../../../contract/registration';
import type { RegistrationForm } from '../../../contract/registration-forms';
import { documentFieldId } from './DocumentsStep';
import { firstErrorField, isDataStep } from './registration-form';
import { fieldId } from './StepFields';
import type { RegistrationActor } from './useRegistrationActor';
import type { RegistrationView } from './useRegistrationView';

/**
 * Where focus goes as the registration moves: to the heading of a new step, the review or the
 * outcome, or to the field that stops the step (an error, a number already registered).
 * Returns the heading's ref and the step's submit handler (Next).
 */
export function useStepFocus(actor: RegistrationActor, form: RegistrationForm, view: RegistrationView) {
  const { screen, step, taken } = view;
  const headingRef = useRef<HTMLHeadingElement>(null);

  // A new step, the review or the outcome takes focus as a new page would (not on arrival).
  const shown = `${screen}:${step}`;
  const lastShown = useRef(shown);
  useEffect(() => {
    if (lastShown.current === shown) return;
    lastShown.current = shown;
    const { errors: now } = actor.getSnapshot().context;
    const first = isDataStep(step) ? firstErrorField(form, step, now) : null;
    // A refusal of the server that reopened a step goes straight to its field.
    if (first) document.getElementById(fieldId(step as DataStep, first))?.focus();
    else headingRef.current?.focus();
  }, [shown, actor, form, step]);

  // The duplicate check's warning stops the step: focus goes to the number concerned.
  const warned = step === 'contact' ? taken.phone : step === 'identity' ? taken.nationalId : false;
  useEffect(() => {
    if (!warned || screen !== 'form') return;
    document.getElementById(fieldId(step as DataStep, step === 'contact' ? 'phone' : 'nationalId'))?.focus();
  }, [warned, screen, step]);

  function next(event: FormEvent) {
    event.preventDefault();
    actor.send({ type: 'step.next' });
    const snapshot = actor.getSnapshot();
    if (!snapshot.matches('editing') || snapshot.context.step !== step) return;
    const now = snapshot.context.errors;
    // Stopped on a number already registered: back to that number, to check it.
    const { phone, nationalId } = snapshot.context.taken;
    const stopped = step === 'contact' && phone ? 'phone' : step === 'identity' && nationalId ? 'nationalId' : null;
    if (stopped) {
      document.getElementById(fieldId(step as DataStep, stopped))?.focus();
    } else if (isDataStep(step)) {
      const first = firstErrorField(form, step, now);
      if (first) document.getElementById(fieldId(step, first))?.focus();
    } else {
      const firstFile = Object.keys(now)[0] as DocumentType | undefined;
      if (firstFile) document.getElementById(documentFieldId(firstFile))?.focus();
    }
  }

  return { headingRef, next };
}
