/**
 * What the server answers to the two-factor page in its generated paths, by the graph's outcome
 * step (`loadStatus.done(off)`, …). Both runners read it: the jsdom one through its fake API,
 * the Chromium one through `page.route`.
 */
import type { TwoFactorStatus } from '../../../contract/api/two-factor';
import type { HeldAnswer } from '../driver';

/** The request each of the machine's actors makes, below /rest/. */
export const TWO_FACTOR_REQUESTS = {
  loadStatus: 'two-factor',
  startEnrolment: 'two-factor/enrolment',
  confirmEnrolment: 'two-factor/enrolment/confirm',
  disable: 'two-factor/disable',
  regenerateCodes: 'two-factor/recovery-codes',
} as const;

export const CODES = Array.from({ length: 10 }, (_, i) => `k7m2${i}-9qx4${i}`);
export const NEW_CODES = Array.from({ length: 10 }, (_, i) => `p3n8${i}-4wz6${i}`);
const OFF: TwoFactorStatus = { enabled: false, enabledAt: null, pending: false, recoveryCodesLeft: 0 };
const ON: TwoFactorStatus = {
  enabled: true,
  enabledAt: '2026-11-22T09:00:00.000Z',
  pending: false,
  recoveryCodesLeft: 7,
};
export const REFUSED = 'That code is not right (held answer).';
export const SERVER_ERROR = 'Something went wrong on our side (held answer).';

const success = (payload: unknown): HeldAnswer => ({ body: { status: true, payload } });
const failure = (status: number, code: string, longMessage: string): HeldAnswer => ({
  status,
  body: { status: false, errors: [{ code, shortMessage: code.replaceAll('_', ' '), longMessage }] },
});
const serverError = () => failure(500, 'INTERNAL_ERROR', SERVER_ERROR);
const wrongCode = () => failure(400, 'INVALID_TWO_FACTOR_CODE', REFUSED);

export const TWO_FACTOR_ANSWERS: Record<string, () => HeldAnswer> = {
  'loadStatus.done(off)': () => success(OFF),
  'loadStatus.done(on)': () => success(ON),
  'loadStatus.error(server error)': serverError,
  'startEnrolment.done(key)': () => ({
    status: 201,
    ...success({
      secret: 'JBSW Y3DP EHPK 3PXP',
      otpauthUri: 'otpauth://totp/Wallet%20Back-office:admin?secret=JBSWY3DPEHPK3PXP',
      qrCode: 'data:image/svg+xml;base64,PHN2ZyB2aWV3Qm94PSIwIDAgMSAxIi8+',
      issuer: 'Wallet Back-office',
      account: 'admin',
    }),
  }),
  'startEnrolment.error(server error)': serverError,
  'confirmEnrolment.done(codes)': () => success({ enabledAt: ON.enabledAt, recoveryCodes: CODES }),
  'confirmEnrolment.error(wrong code)': wrongCode,
  'disable.done(off)': () => success(OFF),
  'disable.error(wrong code)': wrongCode,
  'regenerateCodes.done(codes)': () => success({ recoveryCodes: NEW_CODES, status: { ...ON, recoveryCodesLeft: 10 } }),
  'regenerateCodes.error(wrong code)': wrongCode,
};
