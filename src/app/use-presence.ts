import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { PresenceKind } from '../../contract/presence';
import { heldByIn, selectHeld, selectHeldBy } from '../machines/inbox-count';
import { useSignedInServices } from './SignedInServicesContext';

/**
 * Says this tab has the item open while `open` and the component is mounted (decision 050), and
 * answers who else has it open, as the inbox stream last said.
 */
export function useHolding(kind: PresenceKind, id: string, open = true): string[] {
  const { presence, inbox } = useSignedInServices();
  useEffect(() => {
    if (!open) return;
    presence.send({ type: 'presence.open', kind, id });
    return () => presence.send({ type: 'presence.close', kind, id });
  }, [presence, kind, id, open]);
  return useSelector(inbox, selectHeldBy(kind, id));
}

/** Who else has open each item of a list: `heldBy(kind, id)`, empty when nobody does. */
export function useHeldBy(): (kind: PresenceKind, id: string) => string[] {
  const held = useSelector(useSignedInServices().inbox, selectHeld);
  return (kind, id) => heldByIn(held, kind, id);
}
