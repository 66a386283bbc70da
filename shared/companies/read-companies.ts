import { NotFound } from '../errors.ts';
import type { ListQuery, Page } from '../schemas/list-query.ts';
import type { ResponseOf } from '../schemas/responses.ts';
import type { CompanyList, CompanyReads } from './store.ts';
import { companyView, type CompanyView } from './views.ts';

/** Errors: NotFound. */
export async function getCompany(companies: CompanyReads, companyId: string): Promise<CompanyView> {
  const company = await companies.get(companyId);
  if (!company) throw new NotFound('The company');
  return companyView(company);
}

export type MembershipView = ResponseOf<'MembershipResponse'>;

/** The caller's companies in the order they joined them (orderBy `JoinedAt`). Errors: ValidationError (InvalidCursor). */
export async function listCompanies(companies: CompanyList, userId: string, query: ListQuery<'JoinedAt'>): Promise<Page<MembershipView>> {
  const page = await companies.membershipsPage(userId, query);
  const found = await companies.getMany(page.results.map((m) => m.companyId));
  const results = page.results.flatMap((m) => {
    const company = found.get(m.companyId);
    return company ? [{ ...companyView(company), roleId: m.roleId }] : [];
  });
  return { ...page, results };
}
