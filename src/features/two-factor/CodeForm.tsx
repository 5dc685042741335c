import { InlineAlert } from '../../ui/InlineAlert';
import { useSelector } from '@xstate/react';
import { ListRestart, ShieldCheck, ShieldOff } from 'lucide-react';
import type { ActorRefFrom } from 'xstate';
import { Button } from '../../ui/Button';
import { INPUT_CLASS } from '../../ui/parts';
import { TextField } from '../../ui/form/FormField';
import {
  type CodeProblem,
  selectBusy,
  selectCodeProblem,
  selectFailure,
  type twoFactorMachine,
} from './two-factor-machine';
import type { T } from './two-factor-view';

const problemText = (t: T, problem: CodeProblem | null, anyCode: boolean) =>
  problem === 'required'
    ? t('twoFactor.problems.required')
    : problem === 'format'
      ? t(anyCode ? 'twoFactor.problems.formatAny' : 'twoFactor.problems.format')
      : undefined;

type TwoFactorActor = ActorRefFrom<typeof twoFactorMachine>;

/** What differs between the steps that ask for one code: turning on, turning off, and new recovery codes. */
const CODE_STEPS = {
  enrol: {
    title: 'twoFactor.enrol.confirmTitle',
    intro: null,
    label: 'twoFactor.enrol.code',
    anyCode: false,
    icon: ShieldCheck,
    submit: 'twoFactor.enrol.turnOn',
    working: 'twoFactor.enrol.turningOn',
    cancel: 'twoFactor.enrol.cancel',
    input: { inputMode: 'numeric', maxLength: 12 },
  },
  disable: {
    title: 'twoFactor.disable.title',
    intro: 'twoFactor.disable.intro',
    label: 'twoFactor.disable.code',
    anyCode: true,
    icon: ShieldOff,
    submit: 'twoFactor.disable.confirm',
    working: 'twoFactor.disable.sending',
    cancel: 'twoFactor.disable.cancel',
    input: { autoCapitalize: 'none', spellCheck: false, maxLength: 32 },
  },
  regenerate: {
    title: 'twoFactor.regenerate.title',
    intro: 'twoFactor.regenerate.intro',
    label: 'twoFactor.regenerate.code',
    anyCode: true,
    icon: ListRestart,
    submit: 'twoFactor.regenerate.confirm',
    working: 'twoFactor.regenerate.sending',
    cancel: 'twoFactor.regenerate.cancel',
    input: { autoCapitalize: 'none', spellCheck: false, maxLength: 32 },
  },
} as const;

/** A step that asks for one code: its title, the refusal if any, the code field, submit and cancel. */
export function CodeForm({
  step,
  id,
  code,
  onCode,
  actor,
  t,
  inputRef,
  className = 'space-y-3',
}: {
  step: keyof typeof CODE_STEPS;
  id: string;
  code: string;
  onCode: (code: string) => void;
  actor: TwoFactorActor;
  t: T;
  inputRef?: (el: HTMLInputElement | null) => void;
  className?: string;
}) {
  const busy = useSelector(actor, selectBusy);
  const failure = useSelector(actor, selectFailure);
  const problem = useSelector(actor, selectCodeProblem);
  const { icon: Icon, ...texts } = CODE_STEPS[step];
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: `${step}.confirm`, code });
      }}
      className={className}
      aria-busy={busy}
    >
      <h3 className="font-medium text-ink">{t(texts.title)}</h3>
      {texts.intro && <p className="text-sm text-ink">{t(texts.intro)}</p>}
      {failure && <InlineAlert>{failure}</InlineAlert>}
      <div className="max-w-xs">
        <TextField
          id={id}
          ref={inputRef}
          label={t(texts.label)}
          error={problemText(t, problem, texts.anyCode)}
          value={code}
          onValue={onCode}
          autoComplete="one-time-code"
          {...texts.input}
          className={`${INPUT_CLASS} tracking-widest tabular-nums`}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={busy} loadingLabel={t(texts.working)}>
          <Icon size={16} aria-hidden />
          {t(texts.submit)}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={() => actor.send({ type: `${step}.cancel` })}>
          {t(texts.cancel)}
        </Button>
      </div>
    </form>
  );
}
