import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { useSignedInServices } from '../app/SignedInServicesContext';
import { selectIdleWarning } from './idle-machine';

const IdleDialog = lazy(() => import('./IdleDialog'));

/**
 * The shell's slot for the "Still there?" dialog. The dialog is a lazy chunk, fetched when the
 * countdown starts (not at sign-in: the first signed-in view stays within its byte budget); at
 * two minutes from the end there is ample time for it, and the countdown itself runs in the
 * machine whether the dialog is shown or not.
 */
export function IdleWarning() {
  const { idle } = useSignedInServices();
  const warning = useSelector(idle, selectIdleWarning);
  if (!warning) return null;
  return (
    <Suspense fallback={null}>
      <IdleDialog />
    </Suspense>
  );
}
