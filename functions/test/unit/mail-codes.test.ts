/** The verification mail's short code: its making, keeping and tries (domain/mail-codes.ts). */
import { secretBytes } from '@dayfocus/contracts/function-secrets';
import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_WRONG_TRIES,
  EARLIER_CODES_KEPT,
  MAIL_CODE_LIFE_MS,
  WRONG_TRIES_PER_CODE,
  issuedMailCode,
  mailCodeDigest,
  newMailCode,
  replacingMailCode,
  triedMailCode,
  typedMailCode,
  type MailCodeRecord,
} from '../../src/invites/domain/mail-codes.js';

const key = Buffer.alloc(32, 7);
const start = new Date('2026-11-27T10:00:00.000Z');
const at = (ms: number) => new Date(start.getTime() + ms);
const MINUTE = 60_000;
const digestOf = (code: string, uid = 'mira') => mailCodeDigest(key, uid, code);

/** The record a mail with `code` left for `mira`, with earlier wrong tries of the hour. */
const mailed = (code: string, wrongAt: string[] = []): MailCodeRecord => ({
  code: issuedMailCode(digestOf(code), 'mira@example.com', start),
  wrongAt,
});

/** Tries each code in turn, storing what each try leaves. */
function tryAll(record: MailCodeRecord, codes: string[], now = at(MINUTE)) {
  let current = record;
  const kinds: string[] = [];
  for (const code of codes) {
    const tried = triedMailCode(current, digestOf(code), now);
    kinds.push(tried.kind);
    current = tried.record ?? current;
  }
  return { record: current, kinds };
}

describe('newMailCode', () => {
  it('makes six digits, leading zeros kept, spread over the whole range', () => {
    const codes = Array.from({ length: 2000 }, () => newMailCode());
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(1990);
    // Each first digit about a tenth of the time: zero included, nothing skewed to the top.
    const zeros = codes.filter((code) => code.startsWith('0')).length;
    expect(zeros).toBeGreaterThan(120);
    expect(zeros).toBeLessThan(290);
  });
});

describe('mailCodeDigest', () => {
  it('is keyed, and names one account and one code', () => {
    const digest = mailCodeDigest(key, 'mira', '123456');
    expect(digest).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mailCodeDigest(key, 'mira', '123456')).toBe(digest);
    expect(mailCodeDigest(Buffer.alloc(32, 8), 'mira', '123456')).not.toBe(digest);
    expect(mailCodeDigest(key, 'asha', '123456')).not.toBe(digest);
    expect(mailCodeDigest(key, 'mira', '123457')).not.toBe(digest);
    // Its parts cannot slide into each other.
    expect(mailCodeDigest(key, 'mira1', '23456')).not.toBe(mailCodeDigest(key, 'mira', '123456'));
  });
});

describe('typedMailCode', () => {
  it('reads the code as people paste and type it', () => {
    expect(typedMailCode('042917')).toBe('042917');
    expect(typedMailCode(' 042 917 ')).toBe('042917');
    expect(typedMailCode('042-917')).toBe('042917');
    expect(typedMailCode('０４２９１７')).toBe('042917'); // full-width
    expect(typedMailCode('०४२९१७')).toBe('042917'); // Devanagari
    expect(typedMailCode('০৪২৯১৭')).toBe('042917'); // Bengali
    expect(typedMailCode('௦௪௨௯௧௭')).toBe('042917'); // Tamil
    expect(typedMailCode('౦౪౨౯౧౭')).toBe('042917'); // Telugu
  });

  it('takes nothing else', () => {
    for (const typed of ['', '04291', '0429170', '04291a', '042917\u0000', 'code 042917', '1e5'])
      expect(typedMailCode(typed), typed).toBeNull();
  });
});

describe('triedMailCode', () => {
  it('spends a right code once, and refuses it after', () => {
    const first = triedMailCode(mailed('042917'), digestOf('042917'), at(MINUTE));
    expect(first).toEqual({
      kind: 'right',
      record: { code: { ...mailed('042917').code, spentAt: at(MINUTE).toISOString() }, wrongAt: [] },
    });
    const again = triedMailCode(first.record ?? undefined, digestOf('042917'), at(2 * MINUTE));
    expect(again.kind).toBe('refused');
  });

  it("refuses a code after its life, another account's code, and no code at all", () => {
    expect(triedMailCode(mailed('042917'), digestOf('042917'), at(MAIL_CODE_LIFE_MS)).kind).toBe('refused');
    expect(triedMailCode(mailed('042917'), digestOf('042917'), at(MAIL_CODE_LIFE_MS - 1)).kind).toBe('right');
    expect(triedMailCode(mailed('042917'), digestOf('042917', 'asha'), at(MINUTE)).kind).toBe('refused');
    // Nothing to store: no record, or a typed code that is no code.
    expect(triedMailCode(undefined, digestOf('042917'), at(MINUTE))).toEqual({ kind: 'refused', record: null });
    expect(triedMailCode(mailed('042917'), null, at(MINUTE))).toEqual({ kind: 'refused', record: null });
  });

  it('ends a code after five wrong tries: the right one is refused then', () => {
    const wrong = Array.from({ length: WRONG_TRIES_PER_CODE }, (_, i) => String(100000 + i));
    const { record, kinds } = tryAll(mailed('042917'), [...wrong.slice(0, -1), '042917']);
    expect(kinds).toEqual(['refused', 'refused', 'refused', 'refused', 'right']);
    expect(record.code?.wrongTries).toBe(WRONG_TRIES_PER_CODE - 1);

    const ended = tryAll(mailed('042917'), [...wrong, '042917']);
    expect(ended.kinds).toEqual([...wrong.map(() => 'refused'), 'refused']);
    expect(ended.record.code?.voidAt).toBe(at(MINUTE).toISOString());
  });

  it("counts the account's wrong tries across codes; once the hour's are spent, each wrong try ends its code", () => {
    const hourAgo = (n: number) => Array.from({ length: n }, () => at(-30 * MINUTE).toISOString());
    // Nine wrong tries earlier in the hour: the tenth ends this code at once.
    const full = tryAll(mailed('042917', hourAgo(ACCOUNT_WRONG_TRIES.limit - 1)), ['111111', '042917']);
    expect(full.kinds).toEqual(['refused', 'refused']);
    expect(full.record.wrongAt).toHaveLength(ACCOUNT_WRONG_TRIES.limit);
    // A right code is decided before the window: it works however many wrong tries came before.
    const right = tryAll(mailed('042917', hourAgo(ACCOUNT_WRONG_TRIES.limit)), ['042917']);
    expect(right.kinds).toEqual(['right']);
    // Tries older than the hour no longer count.
    const old = Array.from({ length: 20 }, () => at(-61 * MINUTE).toISOString());
    const fresh = tryAll(mailed('042917', old), ['111111', '042917']);
    expect(fresh.kinds).toEqual(['refused', 'right']);
    expect(fresh.record.wrongAt).toEqual([at(MINUTE).toISOString()]);
  });

  it('counts a wrong try on a spent or expired code, and changes nothing else', () => {
    const spent = tryAll(mailed('042917'), ['042917']).record;
    const tried = triedMailCode(spent, digestOf('111111'), at(2 * MINUTE));
    expect(tried).toEqual({ kind: 'refused', record: { ...spent, wrongAt: [at(2 * MINUTE).toISOString()] } });
  });

  it('lets a new mail replace the code: the old one is refused, the new one works', () => {
    const old = mailed('042917');
    const replaced: MailCodeRecord = {
      ...old,
      code: issuedMailCode(digestOf('555555'), 'mira@example.com', at(MINUTE)),
    };
    expect(triedMailCode(replaced, digestOf('042917'), at(2 * MINUTE)).kind).toBe('refused');
    expect(triedMailCode(replaced, digestOf('555555'), at(2 * MINUTE)).kind).toBe('right');
  });
});

describe('replacingMailCode', () => {
  /** The record after mails with each of `codes` in turn, the last one's code live. */
  const mailedInTurn = (codes: string[]) =>
    codes.reduce<MailCodeRecord>(
      (record, code, n) => ({
        ...record,
        ...replacingMailCode(record, issuedMailCode(digestOf(code), 'mira@example.com', at(n * MINUTE))),
      }),
      { wrongAt: [] },
    );

  it("tells an older mail's code apart from a typo, refuses and counts it as any wrong try", () => {
    const record = mailedInTurn(['042917', '555555']);
    const older = triedMailCode(record, digestOf('042917'), at(2 * MINUTE));
    const typo = triedMailCode(record, digestOf('042918'), at(2 * MINUTE));
    expect(older).toMatchObject({ kind: 'refused', older: true });
    expect(typo).toEqual({ kind: 'refused', record: typo.record });
    expect(older.record).toEqual(typo.record);
    expect(triedMailCode(record, digestOf('555555'), at(2 * MINUTE)).kind).toBe('right');
  });

  it(`keeps the last ${EARLIER_CODES_KEPT} replaced codes only, newest first`, () => {
    const codes = ['100001', '100002', '100003', '100004', '100005', '100006'];
    const record = mailedInTurn(codes);
    expect(record.earlier).toEqual(['100005', '100004', '100003', '100002'].map((code) => digestOf(code)));
    expect(triedMailCode(record, digestOf('100002'), at(7 * MINUTE))).toMatchObject({ older: true });
    expect(triedMailCode(record, digestOf('100001'), at(7 * MINUTE))).not.toHaveProperty('older');
  });
});

describe("the codes' key (the MAIL_CODE_KEY secret)", () => {
  it('is usable only as base64 of at least 32 bytes: a short, empty or mangled value is no key at all', () => {
    const bytes32 = Buffer.alloc(32, 7).toString('base64');
    expect(secretBytes('MAIL_CODE_KEY', bytes32)).toEqual(new Uint8Array(32).fill(7));
    expect(secretBytes('MAIL_CODE_KEY', ` ${bytes32}\n`)).toHaveLength(32);
    for (const value of [undefined, '', Buffer.alloc(31).toString('base64'), `${bytes32.slice(1)}`, 'not base64!'])
      expect(secretBytes('MAIL_CODE_KEY', value), String(value)).toBeNull();
  });
});
