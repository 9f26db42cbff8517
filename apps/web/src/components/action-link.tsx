import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * An action that goes somewhere: a link styled as a button, so that it works before (or
 * without) JavaScript, or a disabled button when it cannot be taken (links cannot be disabled).
 * `to` is an app route (client-side navigation once the app runs); `href` leaves the app
 * (a server answer such as a redirect).
 */
export function ActionLink({
  to,
  href,
  disabled = false,
  className,
  rel,
  children,
}: {
  to?: string;
  href?: string;
  disabled?: boolean;
  className: string;
  rel?: string;
  children: ReactNode;
}) {
  if (disabled || (!to && !href)) {
    return (
      <button type="button" className={className} disabled>
        {children}
      </button>
    );
  }
  if (to) {
    return (
      <Link to={to} className={className} rel={rel}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} className={className} rel={rel}>
      {children}
    </a>
  );
}
