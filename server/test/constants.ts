export const TEST_SEED = 4242;
