import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n/react';
import { useServices } from '../../app/ServicesContext';
import { availabilityMachine, selectTakenNow, type WatchedField } from './availability-machine';
import { checkAvailability } from './registration-actors';
import type { TakenMark } from './registration-context';
import { duplicateKeys, isDataStep } from './registration-form';
import type { RegistrationActor } from './useRegistrationActor';
import type { RegistrationView } from './useRegistrationView';

/**
 * While typing, the step's number (phone or national ID) is asked about once typing pauses; Next
 * asks again and stops on it. Returns the warnings to show and the field change handler.
 */
export function useDuplicateWarnings(actor: RegistrationActor, { step, values, taken }: RegistrationView) {
  const { t } = useTranslation();
  const services = useServices();
  const availability = useActorRef(
    availabilityMachine.provide({ actors: { checkAvailability: checkAvailability(services.api) } }),
  );
  const watched: WatchedField | null = step === 'contact' ? 'phone' : step === 'identity' ? 'nationalId' : null;
  const typedKey = watched ? duplicateKeys(step, values)[watched] : undefined;
  const takenNow = useSelector(availability, selectTakenNow(watched ?? 'phone', typedKey));
  const warningOf = (field: WatchedField, mark: TakenMark) => {
    if (!mark) return undefined;
    return mark.account
      ? t(`registration.duplicates.${field}Of`, { account: mark.account })
      : t(`registration.duplicates.${field}`);
  };
  const warnings = {
    phone: step === 'contact' ? warningOf('phone', taken.phone || takenNow) : undefined,
    nationalId: step === 'identity' ? warningOf('nationalId', taken.nationalId || takenNow) : undefined,
  };

  const change = (name: string, value: string) => {
    if (!isDataStep(step)) return;
    actor.send({ type: 'field.change', step, name, value });
    if (name !== watched) return;
    const typed = duplicateKeys(step, actor.getSnapshot().context.values)[watched];
    availability.send({ type: 'number.typed', field: watched, value: typed ?? null });
  };

  return { warnings, change };
}
