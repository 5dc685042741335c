import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';

/**
 * A dialog near the top of the screen, titled for screen readers only: for a search whose
 * results grow downwards under its field (the command palette). Focus goes back to `returnFocus`
 * when it closes without a choice, since nothing on the page is its trigger.
 */
export function TopDialog({
  open,
  onClose,
  title,
  description,
  onOpen,
  returnFocus,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description: string;
  onOpen?: () => void;
  /** Where focus goes once it has closed; none leaves it to the page (a chosen page focuses its heading). */
  returnFocus: () => HTMLElement | null;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-backdrop" />
        <Dialog.Content
          onOpenAutoFocus={() => onOpen?.()}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus()?.focus();
          }}
          className="fixed top-4 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[min(40rem,calc(100vw-1rem))] -translate-x-1/2 flex-col overflow-hidden rounded-lg bg-raised shadow-xl sm:top-[10vh]"
        >
          <Dialog.Title className="sr-only">{title}</Dialog.Title>
          <Dialog.Description className="sr-only">{description}</Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
