import type { Storage } from 'firebase-admin/storage';
import { describe, expect, it } from 'vitest';
import { resolvePictureUrl } from '../../src/adapters/pictures.js';
import { isOwnPicturePath } from '../../src/domain/pictures.js';

describe("an inviter's picture path", () => {
  it.each([
    ['ProfilePictures/asha/avatar.jpg', true],
    ['/users/asha/profile.png', true],
    ['users/asha/2026/profile.png', true],
    ['ProfilePictures/ravi/avatar.jpg', false],
    ['ProfilePictures/asha', false],
    ['asha.jpg', false],
    ['ProfilePictures/asha/../ravi/avatar.jpg', false],
    ['ProfilePictures//asha/avatar.jpg', false],
    ['ProfilePictures/ashaX/avatar.jpg', false],
  ])("%s counts as asha's own: %s", (path, own) => {
    expect(isOwnPicturePath(path, 'asha')).toBe(own);
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
    expect(await resolvePictureUrl(storage, 'ProfilePictures/ravi/avatar.jpg', 'asha')).toBeNull();
    expect(asked).toEqual([]);
    expect(await resolvePictureUrl(storage, 'ProfilePictures/asha/avatar.jpg', 'asha')).toBeNull();
    expect(asked).toEqual(['ProfilePictures/asha/avatar.jpg']);
    expect(await resolvePictureUrl(storage, 'https://images.dayfocus.test/a.png', 'asha')).toBe(
      'https://images.dayfocus.test/a.png',
    );
  });
});
