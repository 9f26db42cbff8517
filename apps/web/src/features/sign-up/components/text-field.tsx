import { FieldMessages } from './field-messages';

/** A field of the form: its input's props, its label, and its messages (none when it is valid). */
export type FieldProps = React.ComponentPropsWithRef<'input'> & { label: string; id: string; errors: string[] };

/** A labelled text input with its messages. */
export function TextField({ label, id, errors, ...input }: FieldProps) {
  return (
    <div className={errors.length > 0 ? 'field field-invalid' : 'field'}>
      <label htmlFor={id}>{label}</label>
      <FieldMessages id={id} errors={errors} />
      <input id={id} className="input" {...input} />
    </div>
  );
}
