/**
 * The one receipt layout, for the transfer just made and for a transaction's page: a customer
 * copy (what the customer paid and received, the note, who served them) and, when there is
 * something only the agent may keep, an agent copy that adds the commission and the till's float.
 * Printing prints the copy on screen, on the paper chosen (receipt-print.css).
 */
import { type ReactNode, type Ref, useId, useState } from 'react';
import { isLanguage, type Language } from '../../i18n';
import { formatXof } from '../../i18n/format';
import { usePageMessages } from '../../i18n/page-messages';
import { Fact, Facts } from '../parts';
import { Tab, TabList, TabPanel, Tabs } from '../Tabs';
import { formatDateTime } from '../values';
import { receiptMessages } from './receipt-messages';
import './receipt-print.css';

const K = 'receipt';

/** What both copies print; parties are rendered by the page (a till with its operator, or a link). */
interface ReceiptContent {
  reference: string;
  createdAt: string;
  what: string;
  from: ReactNode;
  to: ReactNode;
  amount: number;
  fee: number;
  total: number;
  note: string | null;
  servedBy: string | null;
  status: string;
  channel: string;
}

/** What only the agent's copy adds. */
interface AgentFigures {
  commission: number;
  /** The till's balance before and after, line by line; null when the viewer may not see it. */
  float: ReactNode | null;
}

export type ReceiptCopy = 'customer' | 'agent';
type Paper = 'a4' | 'roll';

interface Props {
  title: string;
  content: ReceiptContent;
  agent: AgentFigures;
  /** A line under the title, e.g. whether the money has moved. */
  lead?: ReactNode;
  headingRef?: Ref<HTMLHeadingElement>;
}

export function PrintableReceipt({ title, content, agent, lead, headingRef }: Props) {
  const { t } = usePageMessages(K, receiptMessages);
  const [paper, setPaper] = useState<Paper>('a4');
  const card = (copy: ReceiptCopy) => (
    <ReceiptCard
      copy={copy}
      paper={paper}
      title={title}
      content={content}
      agent={agent}
      lead={lead}
      headingRef={headingRef}
    />
  );
  const hasAgentCopy = agent.commission > 0 || agent.float !== null;
  return (
    <div className="max-w-2xl space-y-3">
      <PaperChoice paper={paper} onChange={setPaper} />
      {hasAgentCopy ? (
        <Tabs defaultValue="customer">
          <TabList aria-label={t(`${K}.copies`)} className="print:hidden">
            <Tab value="customer">{t(`${K}.customerCopy`)}</Tab>
            <Tab value="agent">{t(`${K}.agentCopy`)}</Tab>
          </TabList>
          <TabPanel value="customer">{card('customer')}</TabPanel>
          <TabPanel value="agent">{card('agent')}</TabPanel>
        </Tabs>
      ) : (
        card('customer')
      )}
    </div>
  );
}

function PaperChoice({ paper, onChange }: { paper: Paper; onChange: (paper: Paper) => void }) {
  const { t } = usePageMessages(K, receiptMessages);
  const name = useId();
  return (
    <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-ink print:hidden">
      <legend className="float-left mr-4 text-muted">{t(`${K}.paper`)}</legend>
      {(['a4', 'roll'] as const).map((option) => (
        <label key={option} className="inline-flex min-h-10 items-center gap-2">
          <input
            type="radio"
            name={name}
            value={option}
            checked={paper === option}
            onChange={() => onChange(option)}
            className="size-4 accent-brand-700"
          />
          {t(`${K}.${option}`)}
        </label>
      ))}
    </fieldset>
  );
}

function ReceiptCard({
  copy,
  paper,
  title,
  content,
  agent,
  lead,
  headingRef,
}: Props & { copy: ReceiptCopy; paper: Paper }) {
  const { t, i18n } = usePageMessages(K, receiptMessages);
  const lang: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  const xof = (n: number) => <span className="tabular-nums">{formatXof(n, lang)}</span>;
  const headingId = useId();
  const c = content;
  return (
    <article
      data-print-only
      data-print-receipt
      data-paper={paper}
      data-copy={copy}
      aria-labelledby={headingId}
      className="rounded-lg border border-line bg-raised p-4 shadow-sm sm:p-6"
    >
      {/* Not a <header>: printing hides the page's headers (print-only.css), and this one must print. */}
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 border-b border-line pb-2">
        <div>
          <p className="font-semibold text-ink">{t(`${K}.company`)}</p>
          <p className="text-xs text-muted">{t(`${K}.companyLine`)}</p>
        </div>
        <p className="text-xs font-medium tracking-wide text-muted uppercase">
          {t(copy === 'agent' ? `${K}.agentCopy` : `${K}.customerCopy`)}
        </p>
      </div>
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="mt-3 text-lg font-semibold text-ink outline-none">
        {title}
      </h2>
      {lead}
      <Facts className="mt-3">
        <Fact label={t(`${K}.reference`)}>
          <strong className="tabular-nums">{c.reference}</strong>
        </Fact>
        <Fact label={t(`${K}.date`)}>{formatDateTime(c.createdAt)}</Fact>
        <Fact label={t(`${K}.what`)}>{c.what}</Fact>
        <Fact label={t(`${K}.from`)}>{c.from}</Fact>
        <Fact label={t(`${K}.to`)}>{c.to}</Fact>
        <Fact label={t(`${K}.amount`)}>{xof(c.amount)}</Fact>
        <Fact label={t(`${K}.fee`)}>{xof(c.fee)}</Fact>
        <Fact label={t(`${K}.total`)}>
          <strong>{xof(c.total)}</strong>
        </Fact>
        {copy === 'agent' && agent.commission > 0 && <Fact label={t(`${K}.commission`)}>{xof(agent.commission)}</Fact>}
        {c.note && <Fact label={t(`${K}.note`)}>{c.note}</Fact>}
        {c.servedBy && <Fact label={t(`${K}.servedBy`)}>{c.servedBy}</Fact>}
        <Fact label={t(`${K}.status`)}>{c.status}</Fact>
        <Fact label={t(`${K}.channel`)}>{c.channel}</Fact>
      </Facts>
      {copy === 'agent' && agent.float}
    </article>
  );
}
