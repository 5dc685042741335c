import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { en } from '../i18n/en';
import { fr } from '../i18n/fr';
import { TranslatorProvider } from '../i18n/react';
import { createTranslator } from '../i18n/translator';
import { EmptyState } from './EmptyState';
import { ErrorState } from './ErrorState';
import { LoadingState } from './LoadingState';
import { StatusPill } from './StatusPill';
import { Badge } from './values';

const inLanguage = (language: 'en' | 'fr') => (ui: ReactNode) =>
  render(<TranslatorProvider translator={createTranslator(language, { en, fr })}>{ui}</TranslatorProvider>);

describe('StatusPill', () => {
  it.each([
    ['approved', 'success'],
    ['rejected', 'danger'],
    ['pending', 'warning'],
    ['running', 'info'],
    ['something_new', 'neutral'],
  ])('shows %s in the %s tone, and keeps the code whatever the label', (code, tone) => {
    render(<StatusPill value={code} label="Label" />);
    const pill = screen.getByText('Label');
    expect(pill).toHaveAttribute('data-value', code);
    expect(pill.className).toContain(tone === 'neutral' ? 'bg-sunken' : `bg-${tone}-soft`);
  });

  it('takes a tone given for a code the map does not know', () => {
    render(<StatusPill value="due" label="Due" tone="warning" />);
    expect(screen.getByText('Due').className).toContain('bg-warning-soft');
  });

  it("is the reports' status badge", () => {
    expect(Badge).toBe(StatusPill);
  });
});

describe('LoadingState, ErrorState, EmptyState', () => {
  it('announces loading politely, in the language of the page', () => {
    inLanguage('fr')(<LoadingState />);
    expect(screen.getByRole('status')).toHaveTextContent('Chargement…');
  });

  it('says what failed and asks again when told to', async () => {
    const onRetry = vi.fn();
    inLanguage('en')(<ErrorState message="The server did not answer." onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The server did not answer.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('names what is missing and offers its action', () => {
    render(<EmptyState title="No requests wait" action={<button type="button">New request</button>} />);
    expect(screen.getByText('No requests wait')).toBeVisible();
    expect(screen.getByRole('button', { name: 'New request' })).toBeVisible();
  });
});
