import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './Button';
import { IconButton } from './IconButton';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from './parts';
import { BUTTON_PRIMARY, BUTTON_SECONDARY } from './button-classes';

describe('Button', () => {
  it('does what it is clicked for, and is a plain button unless told to submit', async () => {
    const onClick = vi.fn();
    const onSubmit = vi.fn((e: { preventDefault: () => void }) => e.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Button onClick={onClick}>Save</Button>
      </form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onClick).toHaveBeenCalledOnce();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('while loading, says it is busy, ignores clicks and sends no form, and keeps focus', async () => {
    const onClick = vi.fn();
    const onSubmit = vi.fn((e: { preventDefault: () => void }) => e.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Button type="submit" loading loadingLabel="Sending…" onClick={onClick}>
          Send
        </Button>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Sending…' });
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    button.focus();
    await userEvent.click(button);
    await userEvent.keyboard('{Enter}');
    expect(onClick).not.toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(button).toHaveFocus();
  });

  it('keeps its own words while loading when no loading label is given', () => {
    render(<Button loading>Retry</Button>);
    expect(screen.getByRole('button', { name: 'Retry' })).toHaveAttribute('aria-busy', 'true');
  });

  it('forwards its ref to the <button>', () => {
    const ref = createRef<HTMLButtonElement>();
    render(<Button ref={ref}>Open</Button>);
    expect(ref.current).toBe(screen.getByRole('button', { name: 'Open' }));
  });

  it('gives the pages that style by class the same looks as the component', () => {
    expect(PRIMARY_BUTTON).toContain(BUTTON_PRIMARY);
    expect(SECONDARY_BUTTON).toContain(BUTTON_SECONDARY);
    render(<Button variant="secondary">Back</Button>);
    expect(screen.getByRole('button', { name: 'Back' }).className).toBe(SECONDARY_BUTTON);
  });
});

describe('IconButton', () => {
  it('is named by its label (read aloud and shown as its tooltip), not by its icon', async () => {
    const onClick = vi.fn();
    render(<IconButton label="Close" icon={<svg aria-hidden />} onClick={onClick} />);
    const button = screen.getByRole('button', { name: 'Close' });
    expect(button).toHaveAttribute('title', 'Close');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('cannot be written without a label', () => {
    // @ts-expect-error: `label` is required.
    const missing = <IconButton icon={<svg aria-hidden />} />;
    expect(missing).toBeTruthy();
  });
});
