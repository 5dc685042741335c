/**
 * An AFTU master's members, as checkboxes: one per AFTU member, the chosen ones ticked. The
 * group of boxes is a fieldset named by its legend; its hint and error are described by id, so a
 * screen reader hears them with the first box, and the first box takes focus on an error.
 */
import type { AftuMemberOption } from '../../../contract/api/users';
import { memberIds } from './user-form';

export function MembersField({
  id,
  legend,
  hint,
  error,
  unavailable,
  members,
  value,
  onValue,
}: {
  id: string;
  legend: string;
  hint: string;
  error?: string;
  /** Shown instead of the boxes when the members could not be loaded. */
  unavailable: string;
  members: AftuMemberOption[] | null;
  value: string;
  onValue: (value: string) => void;
}) {
  const chosen = memberIds(value);
  const toggle = (memberId: string, on: boolean) => {
    const next = on ? [...chosen, memberId] : chosen.filter((m) => m !== memberId);
    // In the list's order, so the same choice is always the same value.
    onValue(
      (members ?? [])
        .map((m) => m.memberId)
        .filter((m) => next.includes(m))
        .join(','),
    );
  };
  const described = [`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <fieldset className="space-y-2" aria-describedby={described}>
      <legend className="text-sm font-medium text-ink">{legend}</legend>
      <p id={`${id}-hint`} className="text-xs text-muted">
        {hint}
      </p>
      {members === null ? (
        <p role="alert" className="text-sm text-danger">
          {unavailable}
        </p>
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2">
          {members.map((member, index) => (
            <li key={member.memberId}>
              <label className="flex items-start gap-2 text-sm text-ink">
                <input
                  id={index === 0 ? id : undefined}
                  type="checkbox"
                  checked={chosen.includes(member.memberId)}
                  onChange={(e) => toggle(member.memberId, e.target.checked)}
                  aria-invalid={error ? true : undefined}
                  className="mt-0.5 h-4 w-4 accent-brand-700"
                />
                <span>
                  {member.name} <span className="text-xs text-muted">({member.memberId})</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}
