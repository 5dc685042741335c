export const TEST_SEED = 4242;
/** The demo history of the test template ends here; the harness's clock starts here too. */
export const TEST_NOW = new Date('2026-11-22T09:00:00Z');
