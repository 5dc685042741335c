import { z } from 'zod';
import { referenceSchema } from '../chargebacks';
import { accountDetailSchema, partySuggestionsSchema, searchResultSchema, transactionDetailSchema } from '../details';
import { defineOperation } from './operation';
import { accountNumberText, searchText } from './schema-parts';

const tags = ['Details'];

const refusals = {
  400: 'VALIDATION_FAILED',
  401: 'No live session',
  403: 'The caller’s menu has no report listing such rows (FORBIDDEN)',
} as const;

export const getTransactionDetail = defineOperation({
  method: 'get',
  path: '/transactions/{reference}',
  tags,
  summary: 'One transaction as the caller’s reports list it: parties, charges, postings, approval, batch, chargebacks',
  params: z.object({ reference: referenceSchema.meta({ example: 'TX26111500115287' }) }),
  answers: {
    200: { schema: transactionDetailSchema.meta({ id: 'TransactionDetail' }), description: 'The transaction' },
  },
  errors: {
    ...refusals,
    404: 'TRANSACTION_NOT_FOUND: no such reference among the rows the caller’s reports list',
  },
});

const accountNumber = accountNumberText();

export const getAccountDetail = defineOperation({
  method: 'get',
  path: '/accounts/{number}',
  tags,
  summary: 'One account as the caller’s reports list it: holder, KYC, balance, recent transactions, documents',
  params: z.object({ number: accountNumber }),
  query: z.object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(10),
  }),
  answers: { 200: { schema: accountDetailSchema.meta({ id: 'AccountDetail' }), description: 'The account' } },
  errors: {
    ...refusals,
    404: 'ACCOUNT_NOT_FOUND: no such account among the rows the caller’s reports list',
  },
});

export const search = defineOperation({
  method: 'get',
  path: '/search',
  tags,
  summary: 'Accounts and transactions matching a phone, account number, reference or name, among what the caller sees',
  query: z.object({
    q: searchText()
      .pipe(z.string().min(2, 'Type at least 2 characters'))
      .meta({ description: 'A phone, account number, reference or name', example: '77 123' }),
  }),
  answers: { 200: { schema: searchResultSchema.meta({ id: 'SearchResult' }), description: 'At most 10 of each' } },
  errors: refusals,
});

export const searchParties = defineOperation({
  method: 'get',
  path: '/search/parties',
  tags,
  summary: 'Customers, agents and merchants whose name, account number or phone matches, among what the caller sees',
  query: z.object({
    q: searchText()
      .pipe(z.string().min(2, 'Type at least 2 characters'))
      .meta({ description: 'A name, account number or phone', example: 'Fatou Diallo' }),
  }),
  answers: {
    200: { schema: partySuggestionsSchema.meta({ id: 'PartySuggestions' }), description: 'At most 10 parties' },
  },
  errors: refusals,
});
