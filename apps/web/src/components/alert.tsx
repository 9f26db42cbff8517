import { useLayoutEffect, useRef, type ReactNode } from 'react';

/**
 * A message the user must notice: announced (role alert) and focused when it appears or its
 * content changes, so that a keyboard or screen-reader user lands on it.
 */
export function Alert({
  children,
  tone = 'error',
  focusKey,
}: {
  children: ReactNode;
  tone?: 'error' | 'info';
  focusKey?: unknown;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // In the same commit that shows it, so nothing can act on the old focus in between.
  useLayoutEffect(() => {
    ref.current?.focus();
  }, [focusKey]);
  return (
    <div ref={ref} className={`alert alert-${tone}`} role="alert" tabIndex={-1}>
      {children}
    </div>
  );
}
