import { describe, expect, it } from 'vitest';
import { originTrialTags } from './page-head';

const token = 'A1b2+c3/d4==';

describe("the origin-trial token in a server-drawn page's head", () => {
  it('is on the e-mail sign-up page, as the meta tag Chrome reads, where the config has one', () => {
    expect(originTrialTags('sign-up', { originTrialToken: token })).toEqual([
      `<meta http-equiv="origin-trial" content="${token}" />`,
    ]);
  });

  it('is on no other page, and nowhere without a token', () => {
    for (const page of ['invitation', 'social-sign-up', 'confirm-email', 'welcome', 'home'] as const)
      expect(originTrialTags(page, { originTrialToken: token })).toEqual([]);
    expect(originTrialTags('sign-up', {})).toEqual([]);
    expect(originTrialTags('sign-up', { originTrialToken: '' })).toEqual([]);
  });

  it('cannot break out of its attribute', () => {
    const [tag] = originTrialTags('sign-up', { originTrialToken: '"><script>' });
    expect(tag).not.toContain('"><script>');
    expect(tag).toMatch(/^<meta http-equiv="origin-trial" content="[^"<>]*" \/>$/);
  });
});
