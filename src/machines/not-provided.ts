import { fromPromise, type NonReducibleUnknown } from 'xstate';

/**
 * A placeholder for a promise actor that the page supplies with `machine.provide(...)`: the
 * machine stays free of HTTP, and a test or page that forgets to provide the effect fails loudly
 * with a message naming it instead of hanging.
 */
export function notProvided<TOutput, TInput = NonReducibleUnknown>(name: string) {
  return fromPromise<TOutput, TInput>(async () => {
    throw new Error(`${name} not provided`);
  });
}
