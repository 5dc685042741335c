import type { Meta, StoryObj } from '@storybook/react-vite';
import { findReportForPath } from './ReportPage';
import ReportPage from './ReportPage';
import { isLanguage } from '../../i18n';
import { useTranslation } from '../../i18n/react';
import { answer, type FixtureRoutes, inFlight, refusal } from '../../ui/story-support/fixture-fetch';
import { type StoryApp, storyUser, withStoryApp } from '../../ui/story-support/story-app';
import { transactionPage } from './transactions.fixtures';

const PATH = '/reports/transaction-report';

/** The report as the page host gives it: its registered title in the language in use. */
function TransactionReport() {
  const { i18n } = useTranslation();
  const report = findReportForPath(PATH);
  const title = report?.title[isLanguage(i18n.language) ? i18n.language : 'en'] ?? '';
  return <ReportPage path={PATH} title={title} params={{}} canOpen={() => true} />;
}

const rows = (api: FixtureRoutes['GET reports/transaction-report']): StoryApp => ({
  user: storyUser('adFinanceReport', 'Ad-Finance Reports', { username: 'adfinance-report' }),
  // A fixed week, so the filters and the pictures do not change with the day they are made.
  url: `${PATH}?from=2026-11-24&to=2026-11-27`,
  api: { 'GET reports/transaction-report': api, 'GET exports': answer({ jobs: [] }) },
});

const meta = {
  title: 'Pages/Transaction report',
  component: TransactionReport,
  decorators: [withStoryApp],
  parameters: {
    app: rows(({ query }) =>
      answer(transactionPage(Number(query.get('page') ?? 1), Number(query.get('pageSize') ?? 50))),
    ),
  },
} satisfies Meta<typeof TransactionReport>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Fifteen transactions of a week: every status, cash in and out, bills, airtime, with the totals. */
export const WithRows: Story = {};

export const Empty: Story = {
  parameters: {
    app: rows(
      answer({ rows: [], total: 0, page: 1, pageSize: 50, totals: { count: 0, amount: 0, fee: 0, commission: 0 } }),
    ),
  },
};

export const Loading: Story = {
  parameters: { app: rows(inFlight) },
};

export const Failed: Story = {
  parameters: {
    app: rows(
      refusal(503, 'SERVICE_UNAVAILABLE', 'The reports database did not answer in time. Try again in a minute.'),
    ),
  },
};
