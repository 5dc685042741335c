import type { ReactNode } from 'react';

/** Nothing to show yet: what is missing, why, and what the user may do about it. */
export function EmptyState({
  icon,
  title,
  children,
  action,
}: {
  icon?: ReactNode;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-edge bg-raised px-6 py-10 text-center">
      {icon && <div className="text-muted [&_svg]:size-8">{icon}</div>}
      <p className="text-base font-semibold text-ink">{title}</p>
      {children && <div className="max-w-prose text-sm text-muted">{children}</div>}
      {action && <div className="mt-2">{action}</div>}
    </div>
  );
}
