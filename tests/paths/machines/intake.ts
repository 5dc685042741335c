/**
 * Graphs of the machines that take something in: the duplicate check while a number is typed
 * on the registration form, the KYC document upload, and the approvals inbox.
 */
import { normaliseNationalId } from '../../../contract/senegal-formats';
import { availabilityMachine } from '../../../src/features/registration/availability-machine';
import { LABEL, type MachineGraph } from '../graph-adapter';

/**
 * The national IDs typed on the registration's identity step, each as typed: one a demo
 * customer holds, one no account has, and one too short to be whole (the machine gets null).
 */
export const AVAILABILITY_TYPED = {
  taken: '1 123 4198 50042',
  free: '2 123 1995 00456',
  partial: '2 123',
} as const;
/** Who holds the taken number. */
export const AVAILABILITY_HOLDER = 'CUS-000002';

const stored = (typed: string) => normaliseNationalId(typed);

export const availabilityGraph: MachineGraph<typeof availabilityMachine> = {
  id: 'availability',
  machine: availabilityMachine,
  guardsBothWays: true,
  // What the user may see: which number was asked about, and whose answer is known.
  context: (c) => c.asked?.value ?? null,
  filter: (snapshot, name, event) => {
    const { asked, answer } = snapshot.context;
    // The taken number is waited for and answered; what typing over a check does the free one shows.
    const forTaken = asked?.value === stored(AVAILABILITY_TYPED.taken) && !snapshot.matches('idle');
    if (name === 'checkAvailability.error') return !forTaken;
    if (name !== 'number.typed') return true;
    if (forTaken) return false;
    // Typing the number already asked about again changes nothing the user sees.
    if ((event as { value?: string | null }).value === asked?.value) return false;
    // A free number is the first one typed: later the user corrects towards the taken one or away.
    return event[LABEL] !== 'free' || (asked === null && answer === null);
  },
  variants: (snapshot) => {
    const asked = snapshot.context.asked?.value;
    const taken = asked === stored(AVAILABILITY_TYPED.taken);
    return {
      'number.typed': Object.entries(AVAILABILITY_TYPED).map(([label, typed]) => ({
        label,
        field: 'nationalId',
        value: label === 'partial' ? null : stored(typed),
      })),
      // The server's answer follows the number asked about.
      'checkAvailability.done': [
        {
          label: taken ? 'taken' : 'free',
          output: { phone: null, nationalId: { taken, account: taken ? AVAILABILITY_HOLDER : null } },
        },
      ],
      'checkAvailability.error': [{ label: 'no answer', error: new TypeError('Failed to fetch') }],
    };
  },
};
