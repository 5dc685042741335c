import { useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';

/** Red bar at the top while the router is loading; it completes and fades 500 ms after (docs/product.md). */
const LOADING_BAR_COMPLETION_MS = 500;

export function LoadingBar() {
  const loading = useRouterState({ select: (s) => s.status === 'pending' || s.isLoading });
  const [phase, setPhase] = useState<'idle' | 'running' | 'completing'>('idle');

  useEffect(() => {
    if (loading) {
      setPhase('running');
      return;
    }
    setPhase((current) => (current === 'running' ? 'completing' : current));
    const timer = setTimeout(() => setPhase('idle'), LOADING_BAR_COMPLETION_MS);
    return () => clearTimeout(timer);
  }, [loading]);

  if (phase === 'idle') return null;
  return (
    <div role="progressbar" aria-label="Loading" data-phase={phase} className="fixed inset-x-0 top-0 z-50 h-[3px]">
      <div
        className={
          phase === 'running'
            ? 'loading-bar-running h-full bg-danger'
            : 'h-full w-full bg-danger transition-[width] duration-500'
        }
      />
    </div>
  );
}
