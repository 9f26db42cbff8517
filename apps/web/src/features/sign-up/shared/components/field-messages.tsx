import type { ReactNode } from 'react';

/** A field's messages, between its label and its input (GOV.UK), named by the input's `aria-describedby`. */
export function FieldMessages({ id, errors }: { id: string; errors: string[] }) {
  if (errors.length === 0) return null;
  return (
    <p className="field-error" id={`${id}-error`}>
      {errors.map((message) => (
        <span key={message}>{message}</span>
      ))}
    </p>
  );
}

/** A field's hint, between its label and its messages (GOV.UK), named by the input's `aria-describedby`. */
export function FieldHint({ id, children }: { id: string; children?: ReactNode }) {
  if (children === undefined || children === null || children === false) return null;
  return (
    <div className="field-hint" id={`${id}-hint`}>
      {children}
    </div>
  );
}
