import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { TwoFactorStatus, TwoFactorUserStatus } from '../../../contract/api/two-factor';
import { findPage } from '../../registry/pages';
import { adminResetMachine } from './admin-reset-machine';
import { recoveryFileName, recoveryFileText } from './two-factor-actors';
import { codeProblem, selectScreen, twoFactorMachine } from './two-factor-machine';

const OFF: TwoFactorStatus = { enabled: false, enabledAt: null, pending: false, recoveryCodesLeft: 0 };
const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-2345${i}`);
const NEW_CODES = Array.from({ length: 10 }, (_, i) => `wxyz${i}-6789${i}`);

function ownActor(initial: TwoFactorStatus = OFF) {
  const calls = {
    confirm: [] as string[],
    disable: [] as string[],
    regenerate: [] as string[],
    downloads: 0,
    downloaded: [] as { codes: string[]; account: string }[],
    copies: 0,
  };
  const actor = createActor(
    twoFactorMachine.provide({
      actors: {
        loadStatus: fromPromise(async () => initial),
        startEnrolment: fromPromise(async () => ({
          secret: 'JBSW Y3DP EHPK 3PXP',
          otpauthUri: 'otpauth://totp/x',
          qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
          issuer: 'Wallet Back-office',
          account: 'admin',
        })),
        confirmEnrolment: fromPromise(async ({ input }) => {
          calls.confirm.push(input.code);
          if (input.code !== '314159') throw new Error('That code is not right.');
          return { enabledAt: '2026-11-22T09:00:00.000Z', recoveryCodes: CODES };
        }),
        disable: fromPromise(async ({ input }) => {
          calls.disable.push(input.code);
          if (input.code !== '271828' && input.code !== CODES[0]) throw new Error('That code is not right.');
          return OFF;
        }),
        regenerateCodes: fromPromise(async ({ input }) => {
          calls.regenerate.push(input.code);
          if (input.code !== '161803') throw new Error('That code is not right.');
          return {
            recoveryCodes: NEW_CODES,
            status: { ...initial, recoveryCodesLeft: NEW_CODES.length },
          };
        }),
        copyCodes: fromPromise(async () => {
          calls.copies++;
        }),
      },
      actions: {
        downloadCodes: (_, params) => {
          calls.downloads++;
          calls.downloaded.push(params);
        },
      },
    }),
    { input: { account: 'network-supervisor' } },
  ).start();
  const screen = () => selectScreen(actor.getSnapshot());
  return { actor, calls, screen };
}

describe('own two-factor machine', () => {
  it('sets up: QR and key, a first code, the recovery codes once, then on', async () => {
    const { actor, calls, screen } = ownActor();
    await waitFor(actor, (s) => s.matches('off'));
    actor.send({ type: 'enrol.start' });
    await waitFor(actor, (s) => s.matches('scanning'));
    expect(screen()).toBe('enrolling');
    expect(actor.getSnapshot().context.enrolment?.secret).toBe('JBSW Y3DP EHPK 3PXP');

    // Checked before the server is asked.
    actor.send({ type: 'enrol.confirm', code: '' });
    expect(actor.getSnapshot().context.codeProblem).toBe('required');
    actor.send({ type: 'enrol.confirm', code: '31415' });
    expect(actor.getSnapshot().context.codeProblem).toBe('format');
    actor.send({ type: 'enrol.confirm', code: 'abcde-12345' });
    expect(actor.getSnapshot().context.codeProblem).toBe('format');
    expect(calls.confirm).toEqual([]);

    actor.send({ type: 'enrol.confirm', code: '000 000' });
    await waitFor(actor, (s) => s.matches('scanning') && s.context.failure !== null);
    expect(actor.getSnapshot().context.failure).toBe('That code is not right.');
    actor.send({ type: 'enrol.confirm', code: '314 159' });
    await waitFor(actor, (s) => s.hasTag('codes'));
    expect(calls.confirm).toEqual(['000000', '314159']);
    expect(actor.getSnapshot().context.recoveryCodes).toEqual(CODES);
    // The key leaves the screen once it has done its job.
    expect(actor.getSnapshot().context.enrolment?.secret).toBe('');

    actor.send({ type: 'codes.copy' });
    await waitFor(actor, (s) => s.context.copied === 'yes');
    actor.send({ type: 'codes.download' });
    expect(calls).toMatchObject({ copies: 1, downloads: 1 });
    actor.send({ type: 'codes.done' });
    expect(screen()).toBe('on');
    expect(actor.getSnapshot().context.recoveryCodes).toBeNull();
    expect(actor.getSnapshot().context.status).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
  });

  it('turns off with an app code or a recovery code, showing the server’s refusal', async () => {
    const { actor, calls, screen } = ownActor({ ...OFF, enabled: true, enabledAt: '2026-11-01T08:00:00Z' });
    await waitFor(actor, (s) => s.matches('on'));
    actor.send({ type: 'disable.start' });
    expect(screen()).toBe('disabling');
    actor.send({ type: 'disable.confirm', code: 'nope' });
    expect(actor.getSnapshot().context.codeProblem).toBe('format');
    actor.send({ type: 'disable.confirm', code: 'abcde-00000' });
    await waitFor(actor, (s) => s.context.failure !== null);
    expect(screen()).toBe('disabling');
    actor.send({ type: 'disable.cancel' });
    expect(screen()).toBe('on');
    actor.send({ type: 'disable.start' });
    actor.send({ type: 'disable.confirm', code: CODES[0] as string });
    await waitFor(actor, (s) => s.matches('off'));
    expect(calls.disable).toEqual(['abcde-00000', CODES[0]]);
  });

  it('gives new recovery codes for a code, shown once like the first ones, with the count updated', async () => {
    const { actor, calls, screen } = ownActor({
      enabled: true,
      enabledAt: '2026-11-01T08:00:00Z',
      pending: false,
      recoveryCodesLeft: 2,
    });
    await waitFor(actor, (s) => s.matches('on'));
    actor.send({ type: 'regenerate.start' });
    expect(screen()).toBe('regenerating');
    // Checked before the server is asked, as for turning off.
    actor.send({ type: 'regenerate.confirm', code: ' ' });
    expect(actor.getSnapshot().context.codeProblem).toBe('required');
    actor.send({ type: 'regenerate.confirm', code: '12-34' });
    expect(actor.getSnapshot().context.codeProblem).toBe('format');
    expect(calls.regenerate).toEqual([]);
    // Refused by the server: the form stays, with the reason.
    actor.send({ type: 'regenerate.confirm', code: 'ABCDE-00000' });
    await waitFor(actor, (s) => s.context.failure !== null);
    expect(screen()).toBe('regenerating');
    expect(actor.getSnapshot().context.failure).toBe('That code is not right.');
    actor.send({ type: 'regenerate.cancel' });
    expect(screen()).toBe('on');
    expect(actor.getSnapshot().context.failure).toBeNull();

    actor.send({ type: 'regenerate.start' });
    actor.send({ type: 'regenerate.confirm', code: '161 803' });
    await waitFor(actor, (s) => s.hasTag('codes'));
    expect(calls.regenerate).toEqual(['ABCDE-00000', '161803']);
    expect(actor.getSnapshot().context).toMatchObject({
      recoveryCodes: NEW_CODES,
      codesFrom: 'regeneration',
      status: { enabled: true, recoveryCodesLeft: 10 },
    });
    actor.send({ type: 'codes.download' });
    // No enrolment on screen: the file is named after the signed-in user.
    expect(calls.downloaded).toEqual([{ codes: NEW_CODES, account: 'network-supervisor' }]);
    actor.send({ type: 'codes.done' });
    expect(screen()).toBe('on');
    expect(actor.getSnapshot().context.recoveryCodes).toBeNull();
    expect(actor.getSnapshot().context.status?.recoveryCodesLeft).toBe(10);
  });

  it('offers to try again when the status cannot be read', async () => {
    let fail = true;
    const actor = createActor(
      twoFactorMachine.provide({
        actors: {
          loadStatus: fromPromise(async () => {
            if (fail) throw new Error('The server could not be reached.');
            return OFF;
          }),
        },
      }),
      { input: {} },
    ).start();
    await waitFor(actor, (s) => s.matches('loadFailed'));
    fail = false;
    actor.send({ type: 'status.retry' });
    await waitFor(actor, (s) => s.matches('off'));
  });

  it('reads codes as typed', () => {
    expect(codeProblem(' 123 456 ', false)).toBeNull();
    expect(codeProblem('ABCDE-12345', false)).toBe('format');
    expect(codeProblem('ABCDE-12345', true)).toBeNull();
    expect(codeProblem('   ', true)).toBe('required');
  });

  it('writes a recovery file that says what the codes are for', () => {
    expect(recoveryFileName('network-supervisor')).toBe('recovery-codes-network-supervisor.txt');
    expect(recoveryFileName('../x y')).toBe('recovery-codes-.._x_y.txt');
    const text = recoveryFileText(CODES, 'admin');
    expect(text).toContain('recovery codes for admin');
    for (const code of CODES) expect(text).toContain(`\n${code}\n`);
  });

  it('is a page of the admin menu’s groups, whom the API serves', () => {
    expect([...(findPage('/two-factor')?.page.groups ?? [])].sort()).toEqual(['admin', 'networkSupervisor']);
  });
});

describe('admin reset machine', () => {
  const ON: TwoFactorUserStatus = {
    username: 'network-supervisor',
    name: 'Cheikh Sarr',
    enabled: true,
    enabledAt: '2026-11-01T08:00:00Z',
    pending: false,
  };

  function resetActor(waiting = false) {
    const resets: string[] = [];
    const actor = createActor(
      adminResetMachine.provide({
        actors: {
          lookUp: fromPromise(async ({ input }) => {
            if (input.username !== 'network-supervisor') throw new Error(`There is no user named “${input.username}”.`);
            return ON;
          }),
          reset: fromPromise(async ({ input }) => {
            resets.push(input.username);
            return { target: waiting ? ON : { ...ON, enabled: false, enabledAt: null }, waiting };
          }),
        },
      }),
    ).start();
    return { actor, resets };
  }

  it('finds a user, asks before resetting, and says it is done', async () => {
    const { actor, resets } = resetActor();
    actor.send({ type: 'lookup.submit', username: '  ' });
    expect(actor.getSnapshot().context.usernameMissing).toBe(true);
    actor.send({ type: 'lookup.submit', username: 'ghost' });
    await waitFor(actor, (s) => s.matches('idle') && s.context.failure !== null);
    expect(actor.getSnapshot().context.failure).toMatch(/ghost/);
    actor.send({ type: 'lookup.submit', username: ' network-supervisor ' });
    await waitFor(actor, (s) => s.matches('found'));
    expect(actor.getSnapshot().context.target).toEqual(ON);
    actor.send({ type: 'reset.ask' });
    actor.send({ type: 'reset.cancel' });
    expect(resets).toEqual([]);
    actor.send({ type: 'reset.ask' });
    actor.send({ type: 'reset.confirm' });
    await waitFor(actor, (s) => s.context.resetDone !== null);
    expect(resets).toEqual(['network-supervisor']);
    expect(actor.getSnapshot().context.target?.enabled).toBe(false);
    expect(actor.getSnapshot().context.resetDone).toEqual({ username: 'network-supervisor', waiting: false });
  });

  it('says when a reset waits for a second administrator, the user as they still are', async () => {
    const { actor } = resetActor(true);
    actor.send({ type: 'lookup.submit', username: 'network-supervisor' });
    await waitFor(actor, (s) => s.matches('found'));
    actor.send({ type: 'reset.ask' });
    actor.send({ type: 'reset.confirm' });
    await waitFor(actor, (s) => s.context.resetDone !== null);
    expect(actor.getSnapshot().context.resetDone).toEqual({ username: 'network-supervisor', waiting: true });
    expect(actor.getSnapshot().context.target?.enabled).toBe(true);
  });
});
