
import { area, company } from './route.ts';

/** The roles rows of the route table (shared/routes.ts). */
export const rolesRoutes = area('roles', {
  list: { methods: ['GET'], path: `${company}/Roles`, handler: 'functions/roles/list.ts', access: 'companies:read', response: 'RolesResponse', summary: 'The roles and their permissions', tag: 'Members' },
});
