import { CreateRoleBody, UpdateRoleBody } from '../roles/schemas.ts';
import { area, company, VersionBody } from './route.ts';

/** The roles rows of the route table (shared/routes.ts). */
export const rolesRoutes = area('roles', {
  list: { methods: ['GET'], path: `${company}/Roles`, handler: 'functions/roles/list.ts', access: 'companies:read', response: 'RolesResponse', summary: 'The built-in roles and the company\'s custom roles, with their permissions', tag: 'Members' },
  create: { methods: ['POST'], path: `${company}/Roles`, handler: 'functions/roles/create.ts', access: 'members:manage', event: 'RoleCreated', idempotentOperation: 'CreateRole', body: CreateRoleBody, response: 'RoleResponse', errors: ['409 DuplicateName', '409 TooManyRoles'], summary: 'Create a custom role with any subset of the permissions you hold', tag: 'Members' },
  get: { methods: ['GET'], path: `${company}/Roles/{roleId}`, handler: 'functions/roles/get.ts', access: 'companies:read', response: 'RoleResponse', summary: 'Get a role (built-in or custom)', tag: 'Members' },
  update: { methods: ['PUT'], path: `${company}/Roles/{roleId}`, handler: 'functions/roles/update.ts', access: 'members:manage', event: 'RoleChanged', body: UpdateRoleBody, response: 'RoleResponse', errors: ['409 Conflict', '409 DuplicateName', '409 BuiltInRole'], summary: 'Change a custom role (versioned); its members hold the new permissions from their next request', tag: 'Members' },
  delete: { methods: ['DELETE'], path: `${company}/Roles/{roleId}`, handler: 'functions/roles/delete.ts', access: 'members:manage', event: 'RoleDeleted', body: VersionBody, errors: ['409 Conflict', '409 BuiltInRole', '409 RoleInUse'], summary: 'Delete a custom role no member holds (versioned)', tag: 'Members' },
});
