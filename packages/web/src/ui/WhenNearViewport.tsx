import { useEffect, useRef, useState, type ReactNode } from 'react';

export interface WhenNearViewportProps {
  /** The space kept until the children mount, so what follows does not move when they do. */
  minHeight: number;
  children: ReactNode;
}

/**
 * Mounts its children once they come within 200 px of the viewport, and keeps them. A page of
 * many charts (a care plan's ten goals) then pays on opening only for those on screen; the rest
 * are drawn as the user scrolls to them, before they come into view.
 */
export function WhenNearViewport({ minHeight, children }: WhenNearViewportProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    // No observer (an old browser): show everything at once, as before.
    if (typeof IntersectionObserver === 'undefined') return setNear(true);
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: '200px 0px',
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return (
    <div ref={ref} style={near ? undefined : { minHeight }} data-when-near={near ? 'shown' : 'waiting'}>
      {near && children}
    </div>
  );
}
