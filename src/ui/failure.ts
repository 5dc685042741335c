import { ApiRequestError } from '../api/client';

/** Why a request of a money flow did not succeed, as the page needs to know it. */
export interface RequestFailure {
  /** The server's longMessage (or the client's own when nothing answered). */
  message: string;
  code: string | null;
  /** Nothing answered: the page words it in the user's language. */
  network: boolean;
  /**
   * Whether the server may have acted although no answer says so (no answer, a timeout, a
   * 5xx): only then is sending the same request again, with the same key, the way forward.
   */
  outcomeUnknown: boolean;
}

const UNKNOWN_OUTCOME_STATUSES = new Set([408, 429]);

export function describeFailure(error: unknown): RequestFailure {
  if (error instanceof ApiRequestError) {
    const { status } = error;
    const network = status === undefined;
    return {
      message: error.message,
      code: error.code ?? null,
      network,
      outcomeUnknown: status === undefined || status >= 500 || UNKNOWN_OUTCOME_STATUSES.has(status),
    };
  }
  const message = error instanceof Error && error.message ? error.message : 'Something went wrong.';
  // Not an answer of the API (fetch itself threw): nobody knows what the server did.
  return { message, code: null, network: true, outcomeUnknown: true };
}
