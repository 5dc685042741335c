import { useMachine } from '@xstate/react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { fromPromise } from 'xstate';
import { loadPasswordScorer } from '../../../contract/password-scorer';
import { type PasswordScorer, passwordProblem } from '../../../contract/passwords';
import type { CurrentUser } from '../../api/types';
import { useServices } from '../../app/ServicesContext';
import { passwordApi } from './password-api';
import {
  type LocalProblem,
  passwordFormMachine,
  selectIsDone,
  selectIsSaving,
  selectProblem,
  selectServerError,
} from './password-form-machine';

/**
 * The three passwords typed, the form machine over the API, and the strength estimate. Its
 * dictionaries load here, in this page's chunk, never at /login; the server checks again and decides.
 */
export function usePasswordForm(user: CurrentUser, onChanged: (user: CurrentUser) => void) {
  const services = useServices();
  const [scorer, setScorer] = useState<PasswordScorer | null>(null);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [show, setShow] = useState(false);
  const ids = { current: useId(), next: useId(), repeat: useId(), rule: useId(), problem: useId() };
  const [snapshot, send] = useMachine(
    passwordFormMachine.provide({
      actors: {
        changePassword: fromPromise(({ input }) => passwordApi(services.api).change(input)),
      },
      actions: { passwordChanged: (_, { user: changed }) => onChanged(changed) },
    }),
  );
  useEffect(() => {
    let live = true;
    void loadPasswordScorer()
      .then((loaded) => live && setScorer(() => loaded))
      // Not loaded (offline): the server still checks.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  const saving = selectIsSaving(snapshot);
  const problem = selectProblem(snapshot);

  function localProblem(): LocalProblem | null {
    if (current === '') return 'currentMissing';
    if (next !== repeat) return 'mismatch';
    return passwordProblem(next, { username: user.profile.username, name: user.profile.name }, scorer ?? (() => 4));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    send({ type: 'password.submit', problem: localProblem(), currentPassword: current, newPassword: next });
  }

  function edit(setter: (value: string) => void) {
    return (value: string) => {
      setter(value);
      if (problem) send({ type: 'password.edit' });
    };
  }

  function again() {
    setCurrent('');
    setNext('');
    setRepeat('');
    send({ type: 'password.edit' });
  }

  /** A missing current password marks that field; any other problem marks the new ones. */
  function invalid(id: string) {
    return (
      (problem === 'currentMissing' && id === ids.current) ||
      (problem !== null && problem !== 'currentMissing' && id !== ids.current)
    );
  }

  return {
    ids,
    current,
    next,
    repeat,
    editCurrent: edit(setCurrent),
    editNext: edit(setNext),
    editRepeat: edit(setRepeat),
    show,
    toggleShow: () => setShow((v) => !v),
    saving,
    done: selectIsDone(snapshot),
    problem,
    serverError: selectServerError(snapshot),
    submit,
    again,
    invalid,
  };
}
