import { brand } from '@dayfocus/contracts/brand';

/** The Dayfocus mark: a sun rising behind a check, drawn inline so it costs no request. */
export function Logo({ title }: { title: string }) {
  return (
    <svg className="logo" viewBox="0 0 40 40" width="32" height="32" role="img" aria-label={title}>
      <rect width="40" height="40" rx="10" fill={brand.colours.brand} />
      <circle cx="20" cy="21" r="9" fill="none" stroke="#fff" strokeWidth="3" />
      <path
        d="M15.5 21.5l3.2 3.2 6-6.4"
        fill="none"
        stroke="#fff"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
