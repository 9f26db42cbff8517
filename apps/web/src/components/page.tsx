import type { ReactNode } from 'react';
import { usePageTitle } from './page-title';

/** One screen's content: its heading (which is also the document title) and body. */
export function Page({ title, children, documentTitle }: { title: string; children: ReactNode; documentTitle?: string }) {
  usePageTitle(documentTitle ?? title);
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">{title}</h1>
      {children}
    </section>
  );
}
