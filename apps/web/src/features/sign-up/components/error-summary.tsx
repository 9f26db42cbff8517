import type { ReactNode } from 'react';
import { Alert } from '@/components/alert';
import type { Field, SummaryLine } from '../use-sign-up-form';

/**
 * The form's error summary (GOV.UK's): every problem in one alert, which takes focus on each
 * submit (`focusKey`), each line a link to its field (`ids`); `children` below the list.
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
  /** A summary line's link: to its field, focused, with its label in view (GOV.UK's error summary). */
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
      {children}
    </Alert>
  );
}
