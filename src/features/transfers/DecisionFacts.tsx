/**
 * The whole decision in the approval dialog, in the reader's language: who pays and who
 * receives, the amount and fee, who asked and when, each value before → after, a fee
 * schedule's bands now and asked for, and every warning the maker saw.
 */
import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import type { FeeBandBody } from '../../../contract/fees';
import type { InboxItem } from '../../../contract/api/inbox';
import { type DecisionChange, type DecisionParty, MONEY_FIELDS } from '../../../contract/api/inbox-facts';
import { GROUP_KEYS, type GroupKey } from '../../../contract/groups';
import { GROUP_LABELS } from '../../../contract/staff-users';
import type { Language } from '../../i18n';
import { formatBasisPoints, formatXof } from '../../i18n/format';
import type { TFunction } from '../../i18n/translator';
import { formatDateTime, valueLabel } from '../../ui/values';
import { flowLabelOf } from './flow-label';
import { OutsideBands } from './InboxNotices';

type T = TFunction;
const F = 'approvals.inbox.facts';

const Row = ({ label, children }: { label: string; children: ReactNode }) => (
  <div className="grid grid-cols-[6rem_1fr] gap-2 py-1 sm:grid-cols-[8rem_1fr]">
    <dt className="text-muted">{label}</dt>
    <dd className="min-w-0 break-words text-ink">{children}</dd>
  </div>
);

const Party = ({ party }: { party: DecisionParty }) => (
  <>
    <span className="font-medium">{party.name}</span>
    {[party.number, party.phone].filter(Boolean).map((part) => (
      <span key={part} className="block text-xs text-muted tabular-nums">
        {part}
      </span>
    ))}
  </>
);

/** A value as its field means it: money formatted, codes named, nothing as "(none)". */
function valueText(change: DecisionChange, value: DecisionChange['before'], t: T, lang: Language): string {
  if (value === null || value === '') return t(`${F}.none`);
  if (MONEY_FIELDS.includes(change.field)) return formatXof(Number(value), lang);
  if (change.field === 'group' && (GROUP_KEYS as readonly string[]).includes(String(value)))
    return GROUP_LABELS[value as GroupKey][lang];
  if (change.field === 'type') return valueLabel(t, 'kinds', String(value));
  return String(value);
}

function bandText(band: FeeBandBody, t: T, lang: Language): string {
  return t(`${F}.band`, {
    from: formatXof(band.minAmount, lang),
    to: formatXof(band.maxAmount, lang),
    percent: formatBasisPoints(band.percentFeeBp, lang),
    fixed: formatXof(band.fixedFee, lang),
    min: formatXof(band.minFee, lang),
    max: band.maxFee === null ? t(`${F}.noCap`) : t(`${F}.cap`, { max: formatXof(band.maxFee, lang) }),
  });
}

function Bands({ title, bands, t, lang }: { title: string; bands: FeeBandBody[]; t: T; lang: Language }) {
  return (
    <div className="mt-2">
      <p className="text-xs font-semibold text-muted">{title}</p>
      <ul className="text-sm text-ink tabular-nums">
        {bands.length === 0 && <li>{t(`${F}.noBands`)}</li>}
        {bands.map((b) => (
          <li key={b.minAmount}>{bandText(b, t, lang)}</li>
        ))}
      </ul>
    </div>
  );
}

function Changes({ changes, t, lang }: { changes: DecisionChange[]; t: T; lang: Language }) {
  if (changes.length === 0) return null;
  return (
    <table className="mt-2 w-full text-left text-sm" data-testid="decision-changes">
      <thead className="text-xs text-muted">
        <tr>
          <th className="py-1 pr-2 font-medium">{t(`${F}.change`)}</th>
          <th className="py-1 pr-2 font-medium">{t(`${F}.before`)}</th>
          <th className="py-1 font-medium">{t(`${F}.after`)}</th>
        </tr>
      </thead>
      <tbody className="tabular-nums">
        {changes.map((c) => (
          <tr key={c.field} className="border-t border-edge">
            <th scope="row" className="py-1 pr-2 font-normal text-muted">
              {t(`${F}.fields.${c.field}`)}
            </th>
            <td className="py-1 pr-2 break-words">{valueText(c, c.before, t, lang)}</td>
            <td className="py-1 break-words font-medium">
              <span aria-hidden>→ </span>
              {valueText(c, c.after, t, lang)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function DecisionFacts({ item, t, lang }: { item: InboxItem; t: T; lang: Language }) {
  const { facts } = item;
  const flow = facts.bands ? flowLabelOf(facts.bands.flow, lang) : '';
  return (
    <section aria-label={t(`${F}.title`)} className="mt-3 text-sm" data-testid="decision-facts">
      <dl className="divide-y divide-edge">
        {facts.payer && (
          <Row label={t(`${F}.payer`)}>
            <Party party={facts.payer} />
          </Row>
        )}
        {facts.payee && (
          <Row label={t(item.kind === 'wallet' ? `${F}.wallet` : `${F}.payee`)}>
            <Party party={facts.payee} />
          </Row>
        )}
        {item.kind === 'change' && item.party && facts.changes.length === 0 && !facts.bands && (
          // A credential change has no before → after: the request's own words name whose.
          <Row label={t(`${F}.change`)}>{item.party}</Row>
        )}
        {item.amount !== null && <Row label={t(`${F}.amount`)}>{formatXof(item.amount, lang)}</Row>}
        {facts.fee !== null && <Row label={t(`${F}.fee`)}>{formatXof(facts.fee, lang)}</Row>}
        <Row label={t(`${F}.made`)}>
          {t(`${F}.madeWhen`, { maker: item.maker, when: formatDateTime(item.createdAt) })}
        </Row>
      </dl>
      <Changes changes={facts.changes} t={t} lang={lang} />
      {facts.bands && (
        <>
          <Bands title={t(`${F}.bandsBefore`, { flow })} bands={facts.bands.before} t={t} lang={lang} />
          <Bands title={t(`${F}.bandsAfter`, { flow })} bands={facts.bands.after} t={t} lang={lang} />
        </>
      )}
      <OutsideBands item={item} t={t} lang={lang} />
      {facts.warnings.length > 0 && (
        <div className="mt-2 rounded-md border border-warning-line bg-warning-soft px-3 py-2 text-warning">
          <p className="flex items-center gap-1 font-semibold">
            <TriangleAlert size={14} aria-hidden />
            {t(`${F}.warnings`)}
          </p>
          <ul className="mt-1 list-disc pl-5">
            {facts.warnings.map((w) => (
              <li key={w.rowNo}>{t(`${F}.nameMismatch`, { row: w.rowNo, name: w.name, holder: w.holder })}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
