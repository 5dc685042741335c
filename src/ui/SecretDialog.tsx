/**
 * A secret shown once (a one-time password, or half of one), with a copy button. Closed only by
 * "Done": an Escape or a stray click must not lose what will never be shown again.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { Check, Copy } from 'lucide-react';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from './parts';

export interface SecretDialogProps {
  open: boolean;
  title: string;
  description: string;
  /** Says what the value is when it is not the whole secret (only half of a password). */
  label?: string | undefined;
  value: string;
  /** `data-testid` of the value, and what it is (`data-part`). */
  testId: string;
  part?: string | undefined;
  copied: boolean;
  labels: { copy: string; copied: string; done: string };
  onCopy: () => void;
  onDone: () => void;
}

export function SecretDialog(props: SecretDialogProps) {
  const { labels } = props;
  return (
    <Dialog.Root open={props.open}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-backdrop" />
        <Dialog.Content
          onEscapeKeyDown={(e) => e.preventDefault()}
          onPointerDownOutside={(e) => e.preventDefault()}
          className="fixed top-1/2 left-1/2 z-50 w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-raised p-5 shadow-overlay"
        >
          <Dialog.Title className="text-lg font-semibold break-words text-ink">{props.title}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-muted">{props.description}</Dialog.Description>
          {props.label && <p className="mt-4 text-sm font-semibold text-warning">{props.label}</p>}
          <p
            data-testid={props.testId}
            data-part={props.part}
            className="mt-2 rounded-md bg-sunken p-3 text-center font-mono text-lg tracking-wider break-all text-ink select-all"
          >
            {props.value}
          </p>
          <div className="mt-4 flex flex-wrap justify-end gap-3">
            <button type="button" className={SECONDARY_BUTTON} onClick={props.onCopy}>
              {props.copied ? <Check size={16} aria-hidden /> : <Copy size={16} aria-hidden />}
              {props.copied ? labels.copied : labels.copy}
            </button>
            <button type="button" className={PRIMARY_BUTTON} onClick={props.onDone}>
              {labels.done}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
