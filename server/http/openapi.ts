import { OpenAPIHono, type z } from '@hono/zod-openapi';
import { ApiError } from '../lib/api-error';
import type { AppEnv } from './env';

/** The 400 for input a schema refused, naming the first field that is wrong. */
export function validationFailed(error: z.ZodError): ApiError {
  const issue = error.issues[0];
  const field = issue?.path.join('.') || 'request';
  return new ApiError(400, 'VALIDATION_FAILED', 'Invalid input', `${field}: ${issue?.message ?? 'invalid'}`);
}

/**
 * Every resource router is built here so a schema failure anywhere answers the same
 * 400 in the error shape, naming the first field that is wrong.
 */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationFailed(result.error);
    },
  });
}
