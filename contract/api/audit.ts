import { z } from 'zod';
import { AUDIT_EXPORT_MAX_ROWS, auditExportQuerySchema, auditQuerySchema } from '../audit';
import { defineOperation } from './operation';

const tags = ['Audit trail'];

const auditEvent = z
  .object({
    id: z.number().int(),
    at: z.string().meta({ format: 'date-time' }),
    /** Null for an event with no signed-in user (a failed sign-in with an unknown name). */
    user: z.object({ id: z.number().int(), username: z.string(), name: z.string() }).nullable(),
    channel: z.string(),
    action: z.string().meta({ example: 'bank.create' }),
    targetType: z.string().nullable(),
    targetId: z.string().nullable(),
    details: z.record(z.string(), z.unknown()).nullable(),
    requestId: z.string().nullable(),
  })
  .meta({ id: 'AuditEvent' });

const auditPage = z.object({
  rows: z.array(auditEvent),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export type AuditEventView = z.output<typeof auditEvent>;
/** One page of the trail, newest first. */
export type AuditPage = z.output<typeof auditPage>;

const refusals = {
  401: 'No live session',
  403: 'Only the groups with the admin menu read the audit trail (FORBIDDEN)',
} as const;

export const listAuditEvents = defineOperation({
  method: 'get',
  path: '/audit-events',
  tags,
  summary:
    'Who did what, when and through which channel, newest first; filter by user (username or name), action (bank.create, or a namespace: bank), channel and days',
  query: auditQuerySchema,
  answers: { 200: { schema: auditPage, description: 'One page of events' } },
  errors: { 400: 'VALIDATION_FAILED', ...refusals },
});

export const listAuditActions = defineOperation({
  method: 'get',
  path: '/audit-events/actions',
  tags,
  summary: 'Every action recorded so far (the action filter’s choices)',
  answers: { 200: { schema: z.object({ actions: z.array(z.string()) }), description: 'The actions' } },
  errors: refusals,
});

export const exportAuditEvents = defineOperation({
  method: 'get',
  path: '/audit-events/export',
  tags,
  summary: `Download the filtered events as CSV or XLSX (${AUDIT_EXPORT_MAX_ROWS.toLocaleString('en-US')} rows at most). The export itself is audited (audit.export).`,
  query: auditExportQuerySchema,
  answers: {
    200: {
      description: 'The file (attachment)',
      content: {
        'text/csv': { schema: { type: 'string' } },
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
          schema: { type: 'string', format: 'binary' },
        },
      },
      read: 'blob',
    },
  },
  errors: { 400: 'VALIDATION_FAILED', ...refusals, 422: 'EXPORT_TOO_LARGE' },
});
