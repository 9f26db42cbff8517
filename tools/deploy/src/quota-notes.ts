/**
 * The checks that only say something: quotas and bills a popular inviter meets first, which only
 * the console or the billing account change. They never fail a deploy.
 */
import type { DeployContext } from './context.js';
import { recaptchaQuotaOutcome } from './recaptcha-quota.js';

/** What only the console changes, and a popular inviter meets first (docs/joins.md). */
const VIRAL_QUOTAS =
  'Auth takes at most 100 new accounts an hour from one IP address (a carrier NAT shares one): before a campaign, ' +
  "schedule a temporary increase (Firebase console, Authentication, Settings, Sign-up quota); the mail's SMTP has its own";

interface NoteCheck {
  name: string;
  targets: readonly 'functions'[];
  run(deploy: DeployContext): Promise<{ problems: string[]; where?: string; note: string }>;
}

export const quotaNotes: readonly NoteCheck[] = [
  {
    name: "the quotas a popular inviter's link meets",
    targets: ['functions'],
    run: async () => ({ problems: [], note: VIRAL_QUOTAS }),
  },
  {
    // reCAPTCHA Enterprise's bill at the funnel's pace, read from the project where it can be.
    name: "reCAPTCHA Enterprise's free tier (the web app's App Check)",
    targets: ['functions'],
    run: (deploy) => recaptchaQuotaOutcome(deploy),
  },
];
