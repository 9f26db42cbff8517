import type { ReactNode } from 'react';
import { FieldHint, FieldMessages } from './field-messages';

/** `hint`: what the field is for and its rules, shown before any error. */
export type FieldProps = React.ComponentPropsWithRef<'input'> & {
  label: string;
  id: string;
  errors: string[];
  hint?: ReactNode;
};

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
