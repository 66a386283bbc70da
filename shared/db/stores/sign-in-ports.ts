import type { TokenKeeping } from '../../auth/store.ts';
import type { SignInCompleting, SignInStarting } from '../../authentication/store.ts';
import { transactWrite } from '../table/transact.ts';
import { listMemberships } from './member-store.ts';
import { manyRoleReads } from './role-ports.ts';
import { familyRevoked, getRefreshToken, putPendingLogin, putRefreshTokenOp, revokeFamily, rotateRefreshToken, takePendingLogin } from './session-store.ts';
import { findOrCreateUserByEmail, getUser } from './user-store.ts';

/** The sign-in's ports (authentication/store.ts): the begun sign-in an item with a TTL, taken by a conditional delete. */
export const signInStarting: SignInStarting = { keepPending: putPendingLogin };

/** Sessions: refresh tokens kept and rotated by conditional writes, a revoked family an item of its own. */
export const tokenKeeping: TokenKeeping = {
  keepRefresh: async (record) => void (await transactWrite([putRefreshTokenOp(record)])),
  refresh: getRefreshToken,
  rotate: rotateRefreshToken,
  revokeFamily,
  familyRevoked,
  user: getUser,
  memberships: listMemberships,
  // A call, not a property read, so a bundle that takes only the sign-in's other ports drops this one.
  getMany: (refs) => manyRoleReads.getMany(refs),
};

export const signInCompleting: SignInCompleting = { takePending: takePendingLogin, userByEmail: findOrCreateUserByEmail };
