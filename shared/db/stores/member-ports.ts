import type { MemberAdding, MemberList, MemberRemoving, MemberReplacing } from '../../members/store.ts';
import { ownerCountOp } from './company-store.ts';
import { addMemberOp, getMember, membersPage, removeMemberOp, replaceMemberOp } from './member-store.ts';
import { roleHolderOp } from './role-store.ts';
import { findOrCreateUserByEmail } from './user-store.ts';

/**
 * The members' ports (members/store.ts), one per use case: the owner counter is on the company
 * item, the holder counts on the role items. Plain properties, no spread: a bundler keeps a
 * spread it cannot prove pure.
 */

export const memberAdding: MemberAdding = { ownersChange: ownerCountOp, roleHoldersChange: roleHolderOp, userByEmail: findOrCreateUserByEmail, addChange: addMemberOp };

export const memberReplacing: MemberReplacing = { ownersChange: ownerCountOp, roleHoldersChange: roleHolderOp, get: getMember, replaceChange: replaceMemberOp };

export const memberRemoving: MemberRemoving = { ownersChange: ownerCountOp, roleHoldersChange: roleHolderOp, get: getMember, removeChange: removeMemberOp };

export const memberList: MemberList = { page: membersPage };
