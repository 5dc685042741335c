import { useCallback, useMemo, useState } from 'react';
import { useServices } from '../app/ServicesContext';
import { useSignedInServices } from '../app/SignedInServicesContext';
import { type FormDraft, mayKeepDrafts } from './form-drafts';

/**
 * Lets a form page keep what the user typed across an expired session (src/session/form-drafts.ts).
 * `initial` is the draft found when the page opened (read once); `save(draft)` keeps the form
 * as typed (or forgets it with null), unless the user has deliberately signed out meanwhile;
 * `clear()` drops it (the form was sent, or the user discarded the draft).
 */
export function useFormDraft<T extends FormDraft>(form: string, parse: (value: unknown) => T | null) {
  const { session } = useServices();
  const { drafts } = useSignedInServices();
  // The user who opened the form owns its draft, even once the session has ended under it.
  const [userId] = useState(() => session.getSnapshot().context.user?.profile.id ?? null);
  const [initial] = useState(() => (userId === null ? null : drafts.read(form, userId, parse)));
  const save = useCallback(
    (draft: T | null) => {
      if (userId === null || !mayKeepDrafts(session)) return;
      if (draft) drafts.write(form, userId, draft);
      else drafts.remove(form, userId);
    },
    [drafts, form, session, userId],
  );
  const clear = useCallback(() => {
    if (userId !== null) drafts.remove(form, userId);
  }, [drafts, form, userId]);
  return useMemo(() => ({ initial, save, clear }), [initial, save, clear]);
}
