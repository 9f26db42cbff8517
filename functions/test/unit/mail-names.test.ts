/** Whether the verification mail may name the inviter (domain/mail-names.ts). */
import { describe, expect, it } from 'vitest';
import { MAIL_NAME_MAX_LENGTH, inviterNameForMail } from '../../src/invites/domain/mail-names.js';

describe('the inviter name a mail may carry', () => {
  it.each([
    'Asha',
    'Asha Verma',
    'आशा वर्मा',
    'অমিত রায়',
    'கார்த்திக் சுப்பிரமணியம்',
    'సాయి కిరణ్',
    'Jose\u0301 Mu\u0308ller',
    'Asha 🌸',
    'Priya ❤️',
    "Mary-Jane O'Neil",
    'J.R.R. Tolkien',
    'Dr. Rao',
    'Henry VIII',
  ])('names %j', (name) => {
    expect(inviterNameForMail(name)).toBe(name);
  });

  it('names the inviter as the app cleaned the name: trimmed, white space folded', () => {
    expect(inviterNameForMail('  Asha\n  Verma ')).toBe('Asha Verma');
  });

  it.each([
    ['a phone number', 'Refund held, call 0800 123'],
    ['one digit', 'Asha 2'],
    ['Devanagari digits', 'कॉल करें ०८००'],
    ['Bengali digits', 'কল ৯৮৭৬'],
    ['Tamil digits', 'அழை ௧௨௩'],
    ['full-width digits', 'Call ０８００'],
    ['circled digits', 'Call ①②③'],
    ['a Tamil number sign', 'அழை ௰'],
    ['an address', 'asha@pay'],
    ['a full-width at sign', 'asha＠pay'],
    ['a scheme', 'hxxp://refund'],
    ['www.', 'see www.refund'],
    ['a domain the link detector knows', 'win at x.com'],
    ['a domain-like token with an unknown ending', 'Visit refund.example now'],
    ['a domain with an ideographic dot', 'refund。zz'],
    ['a dollar sign', 'Win $ back'],
    ['a rupee sign', 'Refund ₹ held'],
    ['a euro sign', '€ waiting'],
  ])('says nothing of a name with %s (%j)', (_what, name) => {
    expect(inviterNameForMail(name)).toBeNull();
  });

  it(`names at most ${MAIL_NAME_MAX_LENGTH} characters as a reader counts them`, () => {
    expect(MAIL_NAME_MAX_LENGTH).toBe(40);
    expect(inviterNameForMail('a'.repeat(40))).toBe('a'.repeat(40));
    expect(inviterNameForMail('a'.repeat(41))).toBeNull();
    // 40 Tamil syllables of a consonant and a vowel sign each: 80 code points, 40 as read.
    const tamil = 'கா'.repeat(40);
    expect(inviterNameForMail(tamil)).toBe(tamil);
    expect(inviterNameForMail(`${'கா'.repeat(20)}${'க'.repeat(21)}`)).toBeNull();
  });

  it('says nothing when there is no usable name', () => {
    expect(inviterNameForMail(null)).toBeNull();
    expect(inviterNameForMail('')).toBeNull();
    expect(inviterNameForMail(' <b></b>\u200b ')).toBeNull();
  });
});
