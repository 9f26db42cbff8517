import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { usePageTitle } from './page-title';

/** The history entry the visit started on: its page keeps the browser's own focus. */
let firstEntry: string | undefined;

/**
 * The heading is also the document title. After a move from another page, focus goes to it, so
 * that a keyboard or screen-reader user starts at the new page rather than at the top of the
 * document (unless an alert already took it).
 */
export function Page({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  const heading = useRef<HTMLHeadingElement>(null);
  const { key } = useLocation();
  useEffect(() => {
    firstEntry ??= key;
    const moved = key !== firstEntry;
    if (moved && (document.activeElement === null || document.activeElement === document.body))
      heading.current?.focus();
  }, [key]);
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title" ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {children}
    </section>
  );
}
