/** Whether the verification mail may name the inviter (domain/mail-names.ts). */
import { describe, expect, it } from 'vitest';
import { MAIL_NAME_MAX_LENGTH, inviterNameForMail } from '../../src/invites/domain/mail-names.js';

describe('the inviter name a mail may carry', () => {
  it.each([
    'Asha',
    'Asha Verma',
    'Jose\u0301 Mu\u0308ller',
    'Asha 🌸',
    'Priya ❤️',
    "Mary-Jane O'Neil",
    'J.R.R. Tolkien',
    'Dr. Rao',
    'Henry VIII',
    'Ollie Mills',
    'Lilli Olsen',
    'Dorothy (Dot) Smith',
    'ジョン・スミス',
  ])('names %j', (name) => {
    expect(inviterNameForMail(name)).toBe(name);
  });

  // Real names in each of the product's languages, with what their skeletons turn into something
  // else: anusvara, candrabindu, nukta and visarga (ः reads as a colon), vowel letters drawn as
  // two (आ as अ and ा), Tamil ர and ா drawn as ஈ, Telugu ం as an o.
  it.each([
    ['English', 'Mohammed Iqbal'],
    ['Hindi', 'आशा वर्मा'],
    ['Hindi', 'प्रियंका चोपड़ा'],
    ['Hindi', 'ऐश्वर्या आनंद'],
    ['Hindi', 'ईशा ओम प्रकाश'],
    ['Hindi', 'दुःशला'],
    ['Marathi', 'माधुरी दीक्षित'],
    ['Marathi', 'सचिन तेंडुलकर'],
    ['Marathi', 'मंगळा पाडगांवकर'],
    ['Marathi', 'ज्ञानेश्वर भोसले'],
    ['Bengali', 'অমিত রায়'],
    ['Bengali', 'রবীন্দ্রনাথ ঠাকুর'],
    ['Bengali', 'সৌরভ গঙ্গোপাধ্যায়'],
    ['Bengali', 'আশা চাঁদ'],
    ['Tamil', 'கார்த்திக் சுப்பிரமணியம்'],
    ['Tamil', 'ரஜினிகாந்த்'],
    ['Tamil', 'ஐஸ்வர்யா இளையராஜா'],
    ['Tamil', 'முத்துலட்சுமி'],
    ['Telugu', 'సాయి కిరణ్'],
    ['Telugu', 'వెంకటేశ్వర రావు'],
    ['Telugu', 'శ్రీనివాస్ అంజలి'],
    ['Telugu', 'లక్ష్మి దుఃఖ'],
  ])('names a real %s name, %j', (_language, name) => {
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
    ['letters drawn as digits (Latin tone five and ezh)', 'Call OƼƼO lƷƼ'],
    ['an amount in letters drawn as digits', 'Refund ƼOO held'],
    ['a domain with its dot in brackets', 'evil[.]example'],
    ['a domain with its dot in parentheses', 'see evil(.)example'],
    ['a domain with its dot spelled out', 'evil [dot] example'],
    ['a domain with its dot spelled out in braces', 'evil{DOT}example'],
    ['a domain with a hyphenation point', 'paypal‧com'],
    ['a domain with a middle dot', 'paypal·com'],
    ['a domain with a bullet', 'paypal•com'],
    ['a domain with a katakana middle dot', 'paypal・com'],
    ['a domain in Cyrillic lookalikes with a middle dot', 'раураl·соm'],
    ['a scheme in lookalike colon and slashes', 'hxxp։∕∕refund'],
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
