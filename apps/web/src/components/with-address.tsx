/**
 * A sentence with an e-mail address in it, the address kept whole: a line may break at its hyphen
 * or dot otherwise, and a person reads "mira-" and "nair@example.com" as two things. An address
 * longer than the line still wraps (styles.css, `.address`).
 */
export function WithAddress({ text, address }: { text: string; address: string }) {
  const at = address ? text.indexOf(address) : -1;
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <span className="address">{address}</span>
      {text.slice(at + address.length)}
    </>
  );
}
