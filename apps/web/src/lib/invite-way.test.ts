import { beforeEach, describe, expect, it } from 'vitest';
import { keepInviteWay, keptInviteWay, viewBeaconPath, withKeptWay } from './invite-way';

beforeEach(() => sessionStorage.clear());

describe('the way in to an invitation', () => {
  it('is kept by inviter for the sign-up, plain without a marker we make', () => {
    expect(keepInviteWay('asha', '?via=qr&lg=hi')).toBe('qr');
    expect(keepInviteWay('ravi', '?via=somewhere')).toBe('plain');
    expect([keptInviteWay('asha'), keptInviteWay('ravi'), keptInviteWay('mira')]).toEqual(['qr', 'plain', undefined]);
  });

  it('goes with the sign-up call only when known', () => {
    keepInviteWay('asha', '?via=card');
    expect(withKeptWay({ inviterId: 'asha', name: 'Mira' })).toEqual({ inviterId: 'asha', name: 'Mira', way: 'card' });
    expect(withKeptWay({ inviterId: 'ravi' })).toEqual({ inviterId: 'ravi' });
    sessionStorage.setItem('dayfocus.inviteWay.ravi', 'forged');
    expect(withKeptWay({ inviterId: 'ravi' })).toEqual({ inviterId: 'ravi' });
  });

  it("marks the view beacon's address only for a marked way", () => {
    expect(viewBeaconPath('/feedback/asha/en', 'link')).toBe('/feedback/asha/en?via=link');
    expect(viewBeaconPath('/feedback/asha/en', 'plain')).toBe('/feedback/asha/en');
    // The link the page came through goes with it, for that link's own numbers.
    expect(viewBeaconPath('/feedback/asha/en', 'link', 'clubLink01')).toBe(
      '/feedback/asha/en?via=link&link=clubLink01',
    );
    expect(viewBeaconPath('/feedback/asha/en', 'plain', 'clubLink01')).toBe('/feedback/asha/en?link=clubLink01');
  });
});
