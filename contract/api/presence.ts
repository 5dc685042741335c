import { z } from 'zod';
import { PRESENCE_EVENT, PRESENCE_KINDS, PRESENCE_REFRESH_MS, PRESENCE_TTL_MS } from '../presence';
import { defineOperation } from './operation';

const tags = ['Presence'];

const itemParam = z.object({
  kind: z.enum(PRESENCE_KINDS).meta({ description: 'A KYC case (`kyc`, by account number) or an inbox kind' }),
  id: z.string().min(1).max(64).meta({ description: 'The account number, or the id within its inbox kind' }),
});

const held = z.object({ kind: z.enum(PRESENCE_KINDS), id: z.string() }).meta({ id: 'PresenceItem' });

const errors = {
  400: 'VALIDATION_FAILED',
  401: 'No live session',
  403: 'FORBIDDEN: the caller’s menu has no page for this kind of item',
  404: 'No such item the caller may see (ACCOUNT_NOT_FOUND, NOT_FOUND)',
} as const;

export const announcePresence = defineOperation({
  method: 'put',
  path: '/presence/{kind}/{id}',
  tags,
  summary: `The caller has this item open: others who may see it are told by the inbox stream's \`${PRESENCE_EVENT}\` event. The dashboard says it again every ${PRESENCE_REFRESH_MS / 1000} s; unheard from for ${PRESENCE_TTL_MS / 1000} s, the caller no longer holds it (not counted as activity: an open page is not a user at work)`,
  params: itemParam,
  answers: { 200: { schema: held, description: 'Held' } },
  errors,
});

export const withdrawPresence = defineOperation({
  method: 'delete',
  path: '/presence/{kind}/{id}',
  tags,
  summary:
    'The caller closed this item: others stop seeing it held at the stream’s next check (not counted as activity)',
  params: itemParam,
  answers: { 200: { schema: held, description: 'No longer held by the caller' } },
  errors: { 400: errors[400], 401: errors[401], 403: errors[403] },
});
