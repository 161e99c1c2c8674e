import { Suspense, useState, type ReactNode } from 'react';

export interface DeferredMountProps {
  /** Mounts the children the first time this is true, and keeps them mounted afterwards. */
  when: boolean;
  children: ReactNode;
}

/**
 * For dialogs loaded on demand (React.lazy): nothing is fetched until the dialog is first opened,
 * and once mounted it stays, so its closing transition still plays. While its code loads nothing
 * shows (a dialog appears a moment later); a failed load throws to the nearest error boundary,
 * which shows the stale-build screen.
 */
export function DeferredMount({ when, children }: DeferredMountProps) {
  const [mounted, setMounted] = useState(when);
  if (when && !mounted) setMounted(true);
  return mounted ? <Suspense fallback={null}>{children}</Suspense> : null;
}
