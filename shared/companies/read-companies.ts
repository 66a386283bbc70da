import { getCompanies, getCompany as loadCompany } from '../db/stores/company-store.ts';
import { membershipsPage } from '../db/stores/member-store.ts';
import { NotFound } from '../errors.ts';
import type { ListQuery, Page } from '../schemas/list-query.ts';
import type { ResponseOf } from '../schemas/responses.ts';
import { companyView, type CompanyView } from './views.ts';

/** Errors: NotFound. */
export async function getCompany(companyId: string): Promise<CompanyView> {
  const company = await loadCompany(companyId);
  if (!company) throw new NotFound('The company');
  return companyView(company);
}

export type MembershipView = ResponseOf<'MembershipResponse'>;

/** The caller's companies in the order they joined them (orderBy `JoinedAt`). Errors: ValidationError (InvalidCursor). */
export async function listCompanies(userId: string, query: ListQuery<'JoinedAt'>): Promise<Page<MembershipView>> {
  const page = await membershipsPage(userId, query);
  const companies = await getCompanies(page.results.map((m) => m.companyId));
  const results = page.results.flatMap((m) => {
    const company = companies.get(m.companyId);
    return company ? [{ ...companyView(company), roleId: m.roleId }] : [];
  });
  return { ...page, results };
}
