import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../config.ts';
import { StateConflict, VersionConflict } from '../../errors.ts';
import type { ListQuery, Page } from '../../schemas/list-query.ts';
import { db } from '../table/client.ts';
import * as keys from '../table/keys.ts';
import { keywordListPage, mapPage, queryPage } from '../table/paginate.ts';
import { queryAll } from '../table/query-all.ts';
import { conditions, getItem, mainTable, recordOf, type Item } from '../table/table-ops.ts';
import type { WriteOp } from '../table/transact.ts';
import type { MemberRecord } from '../../members/records.ts';
import { operationNamed, WAY_OUT_CHANGE_MEMBER } from '../../schemas/api-paths.ts';

/**
 * Memberships: (company, user) -> role. gsi1 lists a user's companies in the order they
 * joined; gsi2 a company's members by email.
 */

const FIELDS = ['companyId', 'userId', 'email', 'roleId', 'joinedAt', 'version'] as const;
const memberFromItem = (item: Item) => recordOf<MemberRecord>(item, FIELDS);

export function memberItem(member: MemberRecord): Item {
  return {
    ...keys.member(member.companyId, member.userId),
    ...keys.memberByUser(member.userId, member.joinedAt, member.companyId),
    ...keys.memberByEmail(member.companyId, member.email, member.userId),
    entity: 'Member',
    ...member,
  };
}

export async function getMember(companyId: string, userId: string): Promise<MemberRecord | undefined> {
  const item = await getItem(keys.member(companyId, userId), { consistent: true });
  return item && memberFromItem(item);
}

/** Writes a membership outright (test seeding; the API adds members through addMemberOp). */
export async function putMember(member: MemberRecord): Promise<void> {
  await db().send(new PutCommand({ TableName: config.tableName, Item: memberItem(member) }));
}

export function addMemberOp(member: MemberRecord): WriteOp {
  return mainTable.put(memberItem(member), {
    condition: conditions.absent,
    onConditionFailed: () => new StateConflict('AlreadyMember', `This user is already a member of the company; change their role instead (${operationNamed(WAY_OUT_CHANGE_MEMBER(), { companyId: member.companyId, userId: member.userId }, { withPermission: false })}).`, 'email'),
  });
}

export function replaceMemberOp(before: MemberRecord, after: MemberRecord): WriteOp {
  return mainTable.put(memberItem(after), { condition: conditions.atVersion(before.version), onConditionFailed: () => new VersionConflict() });
}

export function removeMemberOp(member: MemberRecord): WriteOp {
  return mainTable.delete(keys.member(member.companyId, member.userId), { condition: conditions.atVersion(member.version), onConditionFailed: () => new VersionConflict() });
}

/** A company's members by email (orderBy `Email`); the keyword matches the email. */
export function membersPage(companyId: string, query: ListQuery, keyword: string): Promise<Page<MemberRecord>> {
  return keywordListPage(
    { index: 'gsi2', partition: keys.memberListPartition(companyId), companyId, endpoint: 'members.list', keywordAttribute: 'email', toRecord: memberFromItem },
    query,
    keyword,
  );
}

/** A user's memberships in the order they joined (orderBy `JoinedAt`). */
export async function membershipsPage(userId: string, query: ListQuery): Promise<Page<MemberRecord>> {
  const page = await queryPage({
    index: 'gsi1',
    partition: keys.userCompaniesPartition(userId),
    pageSize: query.pageSize,
    page: query.page,
    binding: { companyId: `user:${userId}`, endpoint: 'companies.list', orderBy: query.orderBy, orderAsc: query.orderAsc, filters: {} },
  });
  return mapPage(page, memberFromItem);
}

/** Every company the user belongs to, with the role there (all pages of the user's memberships). */
export async function listMemberships(userId: string): Promise<MemberRecord[]> {
  const members: MemberRecord[] = [];
  for await (const item of queryAll({
    TableName: config.tableName,
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.userCompaniesPartition(userId) },
  })) {
    members.push(memberFromItem(item));
  }
  return members;
}
