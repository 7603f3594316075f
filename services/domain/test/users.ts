// The user aggregate's specs start from one registered account (Ada's), varied per case.

import type { UserRegistered } from '../src/identity/user.ts';

export const registeredUser = (overrides: Partial<UserRegistered['data']> & { userId: string }): UserRegistered => ({
  type: 'UserRegistered',
  data: {
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Obi',
    profileImageUrl: null,
    authProvider: 'password',
    registeredAt: '2026-03-01T08:00:00.000Z',
    ...overrides,
  },
});
