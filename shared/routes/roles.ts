import { CreateRoleBody, UpdateRoleBody } from '../roles/schemas.ts';
import { route, company, VersionBody } from './route.ts';

/**
 * The roles rows of the route table (shared/routes.ts), one export each: a handler imports its
 * own row (`import * as rolesRoutes from ...`), so its bundle holds no other row's schemas.
 */
export const list = /* @__PURE__ */ route('roles.list', () => ({ methods: ['GET'], path: `${company}/Roles`, handler: 'functions/roles/list.ts', access: 'companies:read', response: 'RolesResponse', summary: 'The built-in roles and the company\'s custom roles, with their permissions', tag: 'Members' }));
export const create = /* @__PURE__ */ route('roles.create', () => ({ methods: ['POST'], path: `${company}/Roles`, handler: 'functions/roles/create.ts', access: 'members:manage', event: 'RoleCreated', idempotentOperation: 'CreateRole', body: CreateRoleBody, response: 'RoleResponse', errors: ['409 DuplicateName', '409 TooManyRoles'], summary: 'Create a custom role with any subset of the permissions you hold', tag: 'Members' }));
export const get = /* @__PURE__ */ route('roles.get', () => ({ methods: ['GET'], path: `${company}/Roles/{roleId}`, handler: 'functions/roles/get.ts', access: 'companies:read', response: 'RoleResponse', summary: 'Get a role (built-in or custom)', tag: 'Members' }));
export const update = /* @__PURE__ */ route('roles.update', () => ({ methods: ['PUT'], path: `${company}/Roles/{roleId}`, handler: 'functions/roles/update.ts', access: 'members:manage', event: 'RoleChanged', body: UpdateRoleBody, response: 'RoleResponse', errors: ['409 Conflict', '409 DuplicateName', '409 BuiltInRole'], summary: 'Change a custom role (versioned); its members hold the new permissions from their next request', tag: 'Members' }));
const deleteRow = /* @__PURE__ */ route('roles.delete', () => ({ methods: ['DELETE'], path: `${company}/Roles/{roleId}`, handler: 'functions/roles/delete.ts', access: 'members:manage', event: 'RoleDeleted', body: VersionBody, errors: ['409 Conflict', '409 BuiltInRole', '409 RoleInUse'], summary: 'Delete a custom role no member holds (versioned)', tag: 'Members' }));
export { deleteRow as delete };

/** Every roles row by action, for the route table. */
export const rolesRoutes = { list, create, get, update, delete: deleteRow };
