import { describe, expect, it } from 'vitest';
import { inviterRecord } from '@dayfocus/stack/fixtures';
import type { UserRecord } from '@dayfocus/contracts/records';
import { InviterFlow } from '../../src/invites/flows/inviter-flow.js';
import type { AccountLookup } from '../../src/invites/flows/ports.js';
import { MemoryAccounts } from '../in-memory.js';
import { memoryLogger } from '../memory-logger.js';

function flowWith(
  record: Partial<UserRecord> | null,
  accounts: Pick<AccountLookup, 'getAccount'> = new MemoryAccounts(),
) {
  const logger = memoryLogger();
  const flow = new InviterFlow({
    users: { getUser: async (id) => (record ? inviterRecord({ userId: id, ...record }) : null) },
    accounts,
    resolvePicture: async (profileImage) => (typeof profileImage === 'string' ? profileImage : null),
    controls: { read: async () => ({ controls: undefined, joins: 0 }) },
    doors: {
      readDoor: async () => ({ owner: undefined, link: undefined }),
      joinsUnderLimit: async () => 0,
    },
    logger,
    now: () => new Date(),
  });
  return { flow, logger };
}

describe('who has a public face', () => {
  it('an inviter as the app leaves one: her card, her name cleaned', async () => {
    const { flow } = flowWith({ name: '  Asha\u034f Verma\u0007 ', profileImage: 'https://images.test/a.png' });
    expect(await flow.card('asha')).toEqual({
      inviterId: 'asha',
      name: 'Asha Verma',
      photoUrl: 'https://images.test/a.png',
    });
  });

  it.each([
    ['no record', null],
    ['a retired record (isDeleted)', { isDeleted: true }],
    ['a record the app switched off (isActive: false)', { isActive: false }],
  ])('nobody for %s', async (_case, record) => {
    const { flow } = flowWith(record);
    expect(await flow.publicInviter('asha')).toBeNull();
    expect(await flow.card('asha')).toBeNull();
    await expect(flow.getInviter('asha')).rejects.toMatchObject({ code: 'not-found' });
  });

  it('nobody for an account an administrator disabled, whatever the record says', async () => {
    const accounts = new MemoryAccounts();
    accounts.add({ uid: 'asha', disabled: true });
    expect(await flowWith({}, accounts).flow.card('asha')).toBeNull();
  });

  it('the record decides for an account Auth does not know, or when Auth cannot say (logged)', async () => {
    expect(await flowWith({}).flow.card('asha')).toMatchObject({ inviterId: 'asha' });
    const failing: Pick<AccountLookup, 'getAccount'> = {
      getAccount: () => Promise.reject(new Error('Auth timed out after 1500 ms')),
    };
    const { flow, logger } = flowWith({}, failing);
    expect(await flow.card('asha')).toMatchObject({ inviterId: 'asha' });
    expect(logger.entries).toContainEqual(
      expect.objectContaining({ level: 'warn', fields: expect.objectContaining({ inviterId: 'asha' }) }),
    );
  });

  it("an app's own values other than false keep the page (isActive absent or null)", async () => {
    expect(await flowWith({ isActive: undefined }).flow.card('asha')).not.toBeNull();
    expect(await flowWith({ isActive: null as unknown as boolean }).flow.card('asha')).not.toBeNull();
  });
});
