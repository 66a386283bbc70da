/** A membership: a user in a company, holding one role. Pure type; shared/db/stores/member-store.ts stores and reads it. */
export interface MemberRecord {
  companyId: string;
  userId: string;
  email: string;
  roleId: string;
  joinedAt: string;
  version: number;
}
