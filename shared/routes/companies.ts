import { CreateCompanyBody, ListCompaniesQuery } from '../companies/schemas.ts';
import { area, V1, company } from './route.ts';

/** The companies rows of the route table (shared/routes.ts). */
export const companiesRoutes = area('companies', {
  create: { methods: ['POST'], path: `${V1}/Companies`, handler: 'functions/companies/create.ts', access: 'user', event: 'CompanyCreated', idempotentOperation: 'CreateCompany', body: CreateCompanyBody, response: 'CreatedCompanyResponse', summary: 'Create a company; the caller becomes its owner', tag: 'Companies' },
  list: { methods: ['GET'], path: `${V1}/Companies`, handler: 'functions/companies/list.ts', access: 'user', query: ListCompaniesQuery, response: { page: 'MembershipResponse' }, summary: "List the caller's companies", tag: 'Companies' },
  get: { methods: ['GET'], path: company, handler: 'functions/companies/get.ts', access: 'companies:read', response: 'CompanyResponse', summary: 'Get a company', tag: 'Companies' },
});
