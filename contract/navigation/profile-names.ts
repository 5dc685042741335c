/**
 * Bank users (group `bank`) come in variants that only their profile name tells apart: a
 * Bridge bank sees the BBG reports, a Checker authorises its bank's transfers. The menu and
 * the API's maker-checker rules both ask these two functions, so they never disagree. Case is
 * ignored, so "BRIDGE BANK" and "Bank checker" still count.
 */
export const isBridgeProfile = (profileName: string): boolean => /bridge/i.test(profileName);

export const isCheckerProfile = (profileName: string): boolean => /checker/i.test(profileName);
