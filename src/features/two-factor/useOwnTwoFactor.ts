import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useRef, useState } from 'react';
import { useServices } from '../../app/ServicesContext';
import { selectUser } from '../../machines/session';
import { copyText } from '../../ui/clipboard';
import { saveBlob } from '../../ui/files/save-file';
import { twoFactorEffects } from './two-factor-actors';
import {
  selectBusy,
  selectCodesFrom,
  selectCopied,
  selectEnrolment,
  selectFailure,
  selectRecoveryCodes,
  selectScreen,
  selectStatus,
  twoFactorMachine,
} from './two-factor-machine';

function downloadText(name: string, text: string) {
  saveBlob(new Blob([text], { type: 'text/plain;charset=utf-8' }), name);
}

/** The caller's own two-factor machine, what its screens read, the typed code, and where focus goes. */
export function useOwnTwoFactor() {
  const services = useServices();
  const account = useSelector(services.session, selectUser)?.profile.username ?? '';
  const actor = useActorRef(
    twoFactorMachine.provide(twoFactorEffects(services.api, { copy: copyText, download: downloadText })),
    { input: { account } },
  );
  const screen = useSelector(actor, selectScreen);
  const failure = useSelector(actor, selectFailure);
  const [code, setCode] = useState('');
  const focusTarget = useRef<HTMLElement | null>(null);

  // Each new step takes focus, as a new page would; the typed code starts empty there.
  const lastScreen = useRef(screen);
  useEffect(() => {
    if (lastScreen.current === screen) return;
    lastScreen.current = screen;
    setCode('');
    focusTarget.current?.focus();
  }, [screen]);
  // A refused code: the field is emptied for the next one.
  useEffect(() => {
    if (failure && (screen === 'enrolling' || screen === 'disabling' || screen === 'regenerating')) setCode('');
  }, [failure, screen]);

  return {
    actor,
    screen,
    failure,
    busy: useSelector(actor, selectBusy),
    status: useSelector(actor, selectStatus),
    enrolment: useSelector(actor, selectEnrolment),
    codes: useSelector(actor, selectRecoveryCodes),
    codesFrom: useSelector(actor, selectCodesFrom),
    copied: useSelector(actor, selectCopied),
    code,
    setCode,
    ids: { title: useId(), code: useId(), status: useId() },
    setFocus: (el: HTMLElement | null) => {
      focusTarget.current = el;
    },
  };
}

export type OwnTwoFactorState = ReturnType<typeof useOwnTwoFactor>;
