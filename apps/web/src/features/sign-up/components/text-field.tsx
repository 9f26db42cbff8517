import type { ReactNode } from 'react';
import { FieldHint, FieldMessages } from './field-messages';

/**
 * A field of the form: its input's props, its label, its hint (what the field is for and its rules,
 * shown before any error: `${id}-hint`), and its messages (none when it is valid).
 */
export type FieldProps = React.ComponentPropsWithRef<'input'> & {
  label: string;
  id: string;
  errors: string[];
  hint?: ReactNode;
};

/** A labelled text input with its hint and its messages. */
export function TextField({ label, id, errors, hint, ...input }: FieldProps) {
  return (
    <div className={errors.length > 0 ? 'field field-invalid' : 'field'}>
      <label htmlFor={id}>{label}</label>
      <FieldHint id={id}>{hint}</FieldHint>
      <FieldMessages id={id} errors={errors} />
      <input id={id} className="input" {...input} />
    </div>
  );
}
