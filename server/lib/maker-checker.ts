/**
 * Maker-checker: whoever asked for a change (its maker) never decides it; another person must.
 * Every request that waits for a decision follows this one rule (transfers awaiting approval,
 * bulk payments, chargebacks, wallet migrations, administrative changes); each refuses with its
 * own error code, which API clients rely on.
 */
export const isMaker = (callerId: number, makerUserId: number): boolean => callerId === makerUserId;
