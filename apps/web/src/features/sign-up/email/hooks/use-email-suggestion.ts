import { useState } from 'react';

/**
 * The big mail domains of the people who arrive (India first), beside the spell checker's own list:
 * `ravi@gmial.com` is most likely `ravi@gmail.com`, and a mail to the typo never arrives.
 */
const OUR_DOMAINS = ['gmail.com', 'yahoo.com', 'yahoo.co.in', 'rediffmail.com', 'outlook.com', 'hotmail.com'];

/**
 * The likely address for a typed one whose domain is a common typo of a big mail domain, or null.
 * Asked when the field is left; the spell checker (@zootools/email-spell-checker, a kept fork of
 * Mailcheck) is loaded then, not with the page.
 */
export function useEmailSuggestion() {
  const [suggestion, setSuggestion] = useState<string | null>(null);

  async function check(email: string) {
    const typed = email.trim();
    if (!typed.includes('@')) return setSuggestion(null);
    const { run, POPULAR_DOMAINS } = await import('@zootools/email-spell-checker');
    const found = run({ email: typed, domains: [...new Set([...OUR_DOMAINS, ...POPULAR_DOMAINS])] });
    setSuggestion(found && found.full.toLowerCase() !== typed.toLowerCase() ? found.full : null);
  }

  return { suggestion, check, clear: () => setSuggestion(null) };
}
