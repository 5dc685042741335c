import { z } from '@hono/zod-openapi';
import type { ApiFailure } from '../../contract/http';
import type { ApiError } from '../lib/api-error';

export function failureBody(error: ApiError): ApiFailure {
  return {
    status: false,
    ...(error.sessionExpired ? { sessionExpired: true as const } : {}),
    errors: [{ code: error.code, shortMessage: error.shortMessage, longMessage: error.longMessage }],
  };
}

/** OpenAPI schema of the success envelope around a payload schema. */
function successSchema<T extends z.ZodTypeAny>(payload: T) {
  return z.object({ status: z.literal(true), payload });
}

const errorSchema = z
  .object({
    status: z.literal(false),
    sessionExpired: z.literal(true).optional(),
    errors: z.array(z.object({ code: z.string(), shortMessage: z.string(), longMessage: z.string() })),
  })
  .openapi('Error');

export const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: errorSchema } },
});

export const jsonSuccess = <T extends z.ZodTypeAny>(payload: T, description: string) => ({
  description,
  content: { 'application/json': { schema: successSchema(payload) } },
});
