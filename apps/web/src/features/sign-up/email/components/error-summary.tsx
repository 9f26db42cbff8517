import type { ReactNode } from 'react';
import { Alert } from '@/components/alert';
import type { Field, SummaryLine } from '../hooks/use-sign-up-form';

/**
 * GOV.UK's error summary: every problem in one alert, which takes focus on each submit. `children`:
 * the way on from a problem (under "already registered"), in the page's ink, not the error's red.
 */
export function ErrorSummary({
  lines,
  ids,
  focusKey,
  children,
}: {
  lines: SummaryLine[];
  ids: Record<Field, string>;
  focusKey: number;
  children?: ReactNode;
}) {
  function goTo(event: React.MouseEvent, name: Field) {
    event.preventDefault();
    // The input's scroll margin (styles.css) brings its label and message into view with it.
    document.getElementById(ids[name])?.focus();
  }

  return (
    <Alert focusKey={focusKey}>
      <ul className="alert-list">
        {lines.map(({ message, field: name }) => (
          <li key={message}>
            {name ? (
              <a href={`#${ids[name]}`} onClick={(event) => goTo(event, name)}>
                {message}
              </a>
            ) : (
              message
            )}
          </li>
        ))}
      </ul>
      {children && <div className="alert-help">{children}</div>}
    </Alert>
  );
}
