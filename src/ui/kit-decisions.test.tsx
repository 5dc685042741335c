import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { en } from '../i18n/en';
import { fr } from '../i18n/fr';
import { TranslatorProvider } from '../i18n/react';
import { createTranslator } from '../i18n/translator';
import { BUTTON_APPROVE, BUTTON_DANGER, BUTTON_SECONDARY } from './button-classes';
import { ConfirmDialog } from './list/ConfirmDialog';
import { FilterBar, FilterButton, SearchButton } from './list/FilterBar';
import { SuccessNotice } from './SuccessNotice';

function Decision({ busy, onConfirm, approve }: { busy: boolean; onConfirm: () => void; approve: boolean }) {
  return (
    <ConfirmDialog
      open
      busy={busy}
      title="Approve the chargeback?"
      description="It posts the reversal."
      cancelLabel="Cancel"
      confirmLabel={approve ? 'Approve' : 'Reject'}
      busyLabel="Sending…"
      confirmVariant={approve ? 'approve' : 'danger'}
      onCancel={() => {}}
      onConfirm={onConfirm}
    />
  );
}

describe('ConfirmDialog', () => {
  it('shows a decision in its colour: approve green, reject red', () => {
    const { rerender } = render(<Decision busy={false} approve onConfirm={() => {}} />);
    expect(screen.getByRole('button', { name: 'Approve' }).className).toContain(BUTTON_APPROVE);
    rerender(<Decision busy={false} approve={false} onConfirm={() => {}} />);
    expect(screen.getByRole('button', { name: 'Reject' }).className).toContain(BUTTON_DANGER);
  });

  it('sends a decision once: while it is on its way the button says so and a second press sends nothing', async () => {
    const onConfirm = vi.fn();
    const { rerender } = render(<Decision busy={false} approve onConfirm={onConfirm} />);
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    rerender(<Decision busy approve onConfirm={onConfirm} />);
    const busy = screen.getByRole('button', { name: 'Sending…' });
    expect(busy).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(busy);
    await userEvent.keyboard('{Enter}');
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });
});

describe('SuccessNotice', () => {
  it('announces what was done and goes when dismissed, in the language of the page', async () => {
    const onDismiss = vi.fn();
    render(
      <TranslatorProvider translator={createTranslator('fr', { en, fr })}>
        <SuccessNotice onDismiss={onDismiss}>
          <p>Bannière publiée.</p>
        </SuccessNotice>
      </TranslatorProvider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Bannière publiée.');
    await userEvent.click(screen.getByRole('button', { name: 'Fermer' }));
    expect(onDismiss).toHaveBeenCalledOnce();
  });
});

describe('FilterButton', () => {
  it("is the Button's secondary look at the height of the bar's fields; Search submits the bar", async () => {
    const onSubmit = vi.fn();
    const onClear = vi.fn();
    render(
      <FilterBar label="Filters" onSubmit={onSubmit}>
        <SearchButton label="Search" />
        <FilterButton onClick={onClear}>Clear</FilterButton>
      </FilterBar>,
    );
    const clear = screen.getByRole('button', { name: 'Clear' });
    expect(clear.className).toContain(BUTTON_SECONDARY);
    expect(clear.className).toContain('h-9');
    await userEvent.click(clear);
    expect(onClear).toHaveBeenCalledOnce();
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSubmit).toHaveBeenCalledOnce();
  });
});
