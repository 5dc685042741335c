import type { ReactNode } from 'react';

/**
 * The wide primary button of the standalone forms (sign-in, two-factor code, password), kept
 * disabled while its request runs so it is sent once. `wide`: `always`, or `phone` to shrink to
 * its label from the small breakpoint up.
 */
export function SubmitButton({
  busy,
  icon,
  wide = 'always',
  children,
}: {
  busy: boolean;
  icon: ReactNode;
  wide?: 'always' | 'phone';
  children: ReactNode;
}) {
  return (
    <button
      type="submit"
      disabled={busy}
      className={`flex w-full items-center justify-center gap-2 rounded-md bg-brand-700 px-4 py-2.5 font-semibold text-brand-50 shadow-sm hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-60${wide === 'phone' ? ' sm:w-auto' : ''}`}
    >
      {icon}
      {children}
    </button>
  );
}
