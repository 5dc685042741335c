import type { ChangeKind } from '../../../contract/change-requests';
import { feeScheduleApplier } from '../fees/schedule-applier';
import { limitsApplier } from '../limits/limits-applier';
import {
  userCreateApplier,
  userPasswordResetApplier,
  userReactivateApplier,
  userTwoFactorResetApplier,
  userUnlockApplier,
  userUpdateApplier,
} from '../users/appliers';
import type { ChangeApplier } from './appliers';

/** Every kind of change and the code that applies it: a kind without an applier does not compile. */
// biome-ignore lint/suspicious/noExplicitAny: each applier is typed by its own payload; the registry only routes to it.
export const changeAppliers: { [K in ChangeKind]: ChangeApplier<any> } = {
  'limits.update': limitsApplier,
  'user.create': userCreateApplier,
  'user.update': userUpdateApplier,
  'fees.schedule': feeScheduleApplier,
  'user.passwordReset': userPasswordResetApplier,
  'user.twoFactorReset': userTwoFactorResetApplier,
  'user.unlock': userUnlockApplier,
  'user.reactivate': userReactivateApplier,
};
