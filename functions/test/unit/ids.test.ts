import { requestSchemaOf } from '@dayfocus/contracts/callables';
import { describe, expect, it } from 'vitest';
import { isDocumentId, isUserId } from '@dayfocus/contracts/ids';
import { validateRequest } from '@dayfocus/contracts/requests';

/** Ids that would reach a document path wrongly: aliased by the SDK, reserved, path steps, too long. */
const hostileIds: [what: string, id: string][] = [
  ['a leading slash (the SDK drops it: an alias of the id after it)', '/U1'],
  ['a slash inside (a path into a subcollection)', 'U1/Friends/U2'],
  ['a trailing slash', 'U1/'],
  ['the path step .', '.'],
  ['the path step ..', '..'],
  ['a reserved __x__ id', '__x__'],
  ['a reserved id of underscores only', '____'],
  ['a reserved id with a line break inside', '__a\nb__'],
];

describe('the id rule', () => {
  it.each(hostileIds)('refuses %s', (_what, id) => {
    expect(isDocumentId(id)).toBe(false);
    expect(isUserId(id)).toBe(false);
  });

  it('takes ordinary uids, custom app uids and ids that only look odd', () => {
    for (const id of ['Z3kq9bW1yQhT2mX0aP4s', 'custom-user_42', '__x', 'x__', '_x_', 'a.b', '...', 'आशा']) {
      expect(isDocumentId(id)).toBe(true);
      expect(isUserId(id)).toBe(true);
    }
  });

  it("counts Firestore's 1,500 bytes in UTF-8, and Auth's 128 characters for uids", () => {
    expect(isDocumentId('a'.repeat(1500))).toBe(true);
    expect(isDocumentId('a'.repeat(1501))).toBe(false);
    expect(isDocumentId('आ'.repeat(500))).toBe(true); // 3 bytes each: 1,500
    expect(isDocumentId('आ'.repeat(501))).toBe(false);
    expect(isUserId('u'.repeat(128))).toBe(true);
    expect(isUserId('u'.repeat(129))).toBe(false);
    expect(isDocumentId('')).toBe(false);
  });

  it.each(hostileIds)('is held by every request schema that takes a uid: %s', (_what, id) => {
    for (const [schema, request] of [
      [requestSchemaOf('getInviter'), { inviterId: id }],
      [requestSchemaOf('completeSocialSignUp'), { inviterId: id }],
      [requestSchemaOf('activateAccount'), { uid: id }],
      [requestSchemaOf('activateAccount'), { uid: 'U1', inviterId: id }],
    ] as const) {
      const validation = validateRequest(schema as Parameters<typeof validateRequest>[0], request);
      expect(validation.ok, JSON.stringify(request)).toBe(false);
    }
  });

  it('refuses a link code of the reserved __x__ form, which the code pattern alone lets through', () => {
    expect(validateRequest(requestSchemaOf('acceptInvite'), { code: '__abcdef__' }).ok).toBe(false);
    expect(validateRequest(requestSchemaOf('acceptInvite'), { code: '__abcdefgh' }).ok).toBe(true);
  });
});
