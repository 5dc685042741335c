import { InlineAlert } from '../../ui/InlineAlert';
import { useActorRef, useSelector } from '@xstate/react';
import { RotateCw, UserSearch } from 'lucide-react';
import { useId, useState } from 'react';
import { useServices } from '../../app/ServicesContext';
import { formatDateTime } from '../../ui/values';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/form/FormField';
import {
  adminResetMachine,
  selectConfirming,
  selectResetBusy,
  selectResetDone,
  selectResetFailure,
  selectTarget,
  selectUsernameMissing,
} from './admin-reset-machine';
import { adminResetEffects } from './two-factor-actors';
import { type T, TwoFactorCard } from './two-factor-view';

/** An admin finds a user by username and resets their two-factor, after a confirmation. */
export function AdminReset({ t }: { t: T }) {
  const services = useServices();
  const actor = useActorRef(adminResetMachine.provide(adminResetEffects(services.api)));
  const target = useSelector(actor, selectTarget);
  const failure = useSelector(actor, selectResetFailure);
  const usernameMissing = useSelector(actor, selectUsernameMissing);
  const done = useSelector(actor, selectResetDone);
  const confirming = useSelector(actor, selectConfirming);
  const busy = useSelector(actor, selectResetBusy);
  const [username, setUsername] = useState('');
  const ids = { title: useId(), username: useId() };

  return (
    <TwoFactorCard labelledBy={ids.title}>
      <h2 id={ids.title} className="flex items-center gap-2 text-lg font-semibold text-ink">
        <UserSearch size={20} aria-hidden className="text-accent" />
        {t('twoFactor.admin.title')}
      </h2>
      <p className="mt-2 text-sm text-ink">{t('twoFactor.admin.intro')}</p>
      <form
        noValidate
        className="mt-4 flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'lookup.submit', username });
        }}
      >
        <div className="w-full max-w-xs">
          <TextField
            id={ids.username}
            label={t('twoFactor.admin.username')}
            error={usernameMissing ? t('twoFactor.admin.usernameMissing') : undefined}
            value={username}
            onValue={setUsername}
            autoCapitalize="none"
            spellCheck={false}
            maxLength={64}
          />
        </div>
        <Button
          type="submit"
          variant="secondary"
          loading={busy && !confirming}
          loadingLabel={t('twoFactor.admin.finding')}
          aria-disabled={busy || undefined}
        >
          <UserSearch size={16} aria-hidden />
          {t('twoFactor.admin.find')}
        </Button>
      </form>
      <div aria-live="polite" className="mt-4 space-y-3">
        {failure && <InlineAlert>{failure}</InlineAlert>}
        {done && (
          <p
            role="status"
            className="rounded-md bg-success-soft px-3 py-2 text-sm text-success ring-1 ring-success-line"
          >
            {t(done.waiting ? 'twoFactor.admin.requested' : 'twoFactor.admin.done', { username: done.username })}
          </p>
        )}
        {target && (
          <div className="rounded-md border border-line p-3" data-testid="reset-target">
            <p className="font-medium text-ink">
              {t('twoFactor.admin.result', { name: target.name, username: target.username })}
            </p>
            <p className="text-sm text-ink">
              {target.enabled && target.enabledAt
                ? t('twoFactor.admin.on', { when: formatDateTime(target.enabledAt) })
                : target.pending
                  ? t('twoFactor.admin.pending')
                  : t('twoFactor.admin.off')}
            </p>
            {(target.enabled || target.pending) && !confirming && (
              <Button variant="secondary" className="mt-3" onClick={() => actor.send({ type: 'reset.ask' })}>
                <RotateCw size={16} aria-hidden />
                {t('twoFactor.admin.reset')}
              </Button>
            )}
            {confirming && (
              <div className="mt-3 space-y-2">
                <p className="text-sm font-medium text-ink">
                  {t('twoFactor.admin.confirm', { username: target.username })}
                </p>
                <div className="flex flex-wrap gap-2">
                  <Button
                    loading={busy}
                    loadingLabel={t('twoFactor.admin.resetting')}
                    onClick={() => actor.send({ type: 'reset.confirm' })}
                  >
                    {t('twoFactor.admin.confirmYes')}
                  </Button>
                  <Button variant="secondary" disabled={busy} onClick={() => actor.send({ type: 'reset.cancel' })}>
                    {t('twoFactor.admin.cancel')}
                  </Button>
                </div>
              </div>
            )}
          </div>
        )}
      </div>
    </TwoFactorCard>
  );
}
