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
