import { CreateCompanyBody, ListCompaniesQuery } from '../companies/schemas.ts';
import { route, V1, company } from './route.ts';

/**
 * The companies rows of the route table (shared/routes.ts), one export each: a handler imports its
 * own row (`import * as companiesRoutes from ...`), so its bundle holds no other row's schemas.
 */
export const create = /* @__PURE__ */ route('companies.create', () => ({ methods: ['POST'], path: `${V1}/Companies`, handler: 'functions/companies/create.ts', access: 'user', event: 'CompanyCreated', idempotentOperation: 'CreateCompany', body: CreateCompanyBody, response: 'CreatedCompanyResponse', summary: 'Create a company; the caller becomes its owner', tag: 'Companies' }));
export const list = /* @__PURE__ */ route('companies.list', () => ({ methods: ['GET'], path: `${V1}/Companies`, handler: 'functions/companies/list.ts', access: 'user', query: ListCompaniesQuery, response: { page: 'MembershipResponse' }, summary: "List the caller's companies", tag: 'Companies' }));
export const get = /* @__PURE__ */ route('companies.get', () => ({ methods: ['GET'], path: company, handler: 'functions/companies/get.ts', access: 'companies:read', response: 'CompanyResponse', summary: 'Get a company', tag: 'Companies' }));

/** Every companies row by action, for the route table. */
export const companiesRoutes = { create, list, get };
