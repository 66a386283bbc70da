import { AddMemberBody, ChangeMemberBody, ListMembersQuery } from '../members/schemas.ts';
import { route, company, VersionBody } from './route.ts';

/**
 * The members rows of the route table (shared/routes.ts), one export each: a handler imports its
 * own row (`import * as membersRoutes from ...`), so its bundle holds no other row's schemas.
 */
export const add = /* @__PURE__ */ route('members.add', () => ({ methods: ['POST'], path: `${company}/Members`, handler: 'functions/members/add.ts', access: 'members:manage', event: 'MemberAdded', body: AddMemberBody, response: 'MemberResponse', errors: ['409 AlreadyMember', '409 RoleChanged'], summary: 'Add a user to the company by email, with a role', tag: 'Members' }));
export const list = /* @__PURE__ */ route('members.list', () => ({ methods: ['GET'], path: `${company}/Members`, handler: 'functions/members/list.ts', access: 'members:manage', query: ListMembersQuery, response: { page: 'MemberResponse' }, summary: 'List members (paginated)', tag: 'Members' }));
export const change = /* @__PURE__ */ route('members.change', () => ({ methods: ['PUT'], path: `${company}/Members/{userId}`, handler: 'functions/members/change.ts', access: 'members:manage', event: 'MemberChanged', body: ChangeMemberBody, response: 'MemberResponse', errors: ['409 Conflict', '409 SelfChange', '409 LastOwner', '409 RoleChanged'], summary: "Change a member's role (versioned)", tag: 'Members' }));
export const remove = /* @__PURE__ */ route('members.remove', () => ({ methods: ['DELETE'], path: `${company}/Members/{userId}`, handler: 'functions/members/remove.ts', access: 'members:manage', event: 'MemberRemoved', body: VersionBody, errors: ['409 Conflict', '409 SelfChange', '409 LastOwner'], summary: 'Remove a member (versioned)', tag: 'Members' }));

/** Every members row by action, for the route table. */
export const membersRoutes = { add, list, change, remove };
