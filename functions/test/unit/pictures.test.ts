import type { Storage } from 'firebase-admin/storage';
import { describe, expect, it } from 'vitest';
import { resolvePictureUrl } from '../../src/invites/adapters/pictures.js';
import { isLoadablePictureUrl, isOwnPicturePath } from '../../src/invites/domain/pictures.js';

const local = { picturesFolder: 'ProfilePictures', localHttp: true };

describe("an inviter's picture path", () => {
  it.each([
    ['ProfilePictures/asha/avatar.jpg', true],
    ['/ProfilePictures/asha/avatar.jpg', true],
    ['ProfilePictures/asha/2026/profile.png', true],
    ['users/asha/profile.png', false],
    ['chats/ravi/asha/x.jpg', false],
    ['ProfilePictures/ravi/asha/x.jpg', false],
    ['ProfilePictures/ravi/avatar.jpg', false],
    ['ProfilePictures/asha', false],
    ['asha.jpg', false],
    ['ProfilePictures/asha/../ravi/avatar.jpg', false],
    ['ProfilePictures//asha/avatar.jpg', false],
    ['ProfilePictures/ashaX/avatar.jpg', false],
  ])("%s counts as asha's own: %s", (path, own) => {
    expect(isOwnPicturePath(path, 'asha')).toBe(own);
  });

  it('follows the configured pictures folder, nested or not', () => {
    expect(isOwnPicturePath('media/avatars/asha/a.png', 'asha', 'media/avatars')).toBe(true);
    expect(isOwnPicturePath('ProfilePictures/asha/a.png', 'asha', 'media/avatars')).toBe(false);
  });

  it('loads plain http pictures only on the local stack, and only its own', () => {
    expect(isLoadablePictureUrl('https://cdn.example/a.png', { localHttp: false })).toBe(true);
    expect(isLoadablePictureUrl('http://localhost:5000/images/a.svg', { localHttp: false })).toBe(false);
    expect(isLoadablePictureUrl('http://127.0.0.1:5000/images/a.svg', { localHttp: true })).toBe(true);
    expect(isLoadablePictureUrl('http://evil.example/a.png', { localHttp: true })).toBe(false);
  });

  it("is never looked up in Storage when it is outside the inviter's folder", async () => {
    const asked: string[] = [];
    const storage = (() => ({
      bucket: () => ({
        file: (name: string) => {
          asked.push(name);
          throw new Error('no Storage in this test');
        },
      }),
    })) as unknown as () => Storage;
    expect(await resolvePictureUrl(storage, 'ProfilePictures/ravi/avatar.jpg', 'asha', local)).toBeNull();
    expect(asked).toEqual([]);
    expect(await resolvePictureUrl(storage, 'ProfilePictures/asha/avatar.jpg', 'asha', local)).toBeNull();
    expect(asked).toEqual(['ProfilePictures/asha/avatar.jpg']);
    expect(await resolvePictureUrl(storage, 'https://images.dayfocus.test/a.png', 'asha', local)).toBe(
      'https://images.dayfocus.test/a.png',
    );
  });
});
