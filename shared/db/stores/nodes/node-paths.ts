import { NotFound } from '../../../errors.ts';
import { operationNamed, WAY_OUT_LIST_ACCOUNTS, WAY_OUT_LIST_COST_CENTERS } from '../../../schemas/api-paths.ts';
import { isUuidReference, MAX_DEPTH, pathSegments } from '../../../schemas/hierarchy.ts';
import type { NodeAttributes, NodeRecord } from '../../../tree/records.ts';
import type { NodeKind } from '../../table/keys.ts';
import { getNode } from './node-reads.ts';

/**
 * A hierarchy node named by a UUID or a code path (spec: Code paths), apart from the plain reads
 * (node-reads.ts), so a function that only reads nodes by id or all of them (a report's chart, a
 * revaluation) carries no path resolution, nor the look-alike table it loads.
 */

/**
 * The id a UUID or a code path names in the company, reading one edge item per path segment
 * (none for a UUID, which is handed back unread). A segment names the code exactly as typed
 * (NFC): the edge is found under the code's look-alike form and must hold that code. Undefined
 * when the path matches nothing or cannot name anything (`a..b`, too deep).
 */
export async function findNodeId(kind: NodeKind, companyId: string, reference: string): Promise<string | undefined> {
  if (isUuidReference(reference)) return reference;
  const segments = pathSegments(reference);
  if (!segments || segments.length > MAX_DEPTH) return undefined;
  // A path in place of a UUID is the rarer reference: the look-alike table it is read with loads on that path only.
  const { childWithCode } = await import('./node-edges.ts');
  let id: string | null = null;
  for (const code of segments) {
    id = (await childWithCode(kind, companyId, id, code)) ?? null;
    if (!id) return undefined;
  }
  return id ?? undefined;
}

/**
 * The one resolver of references (spec: Code paths): entry lines, parents, report filters,
 * settings and the `{id}` of a node's own routes all come here. Errors: NotFound naming `field`
 * when nothing matches (rule 4), a UUID of no node of the company included.
 */
export async function resolveNode<A extends NodeAttributes>(kind: NodeKind, label: string, companyId: string, reference: string, field: string): Promise<NodeRecord<A>> {
  const id = await resolveNodeId(kind, label, companyId, reference, field);
  return (await getNode<A>(kind, companyId, id)) ?? NotFound.throw(`${label} '${reference}'`, field, nodeWayOut(kind, companyId));
}

/**
 * `resolveNode` without reading the node: a path's edges only, a UUID as given (whoever reads
 * the node next answers for a UUID that names none). Errors: NotFound naming `field` for a path.
 */
export async function resolveNodeId(kind: NodeKind, label: string, companyId: string, reference: string, field: string): Promise<string> {
  return (await findNodeId(kind, companyId, reference)) ?? NotFound.throw(`${label} '${reference}'`, field, nodeWayOut(kind, companyId));
}

/** What to do when a reference names no node: the list that shows the current ones. */
function nodeWayOut(kind: NodeKind, companyId: string): string {
  const list = operationNamed(kind === 'ACCOUNT' ? WAY_OUT_LIST_ACCOUNTS() : WAY_OUT_LIST_COST_CENTERS(), { companyId }, { withPermission: false });
  return `no record of the company has this id or code path (it may have been deleted); ${list} lists the current ones with their ids and paths`;
}
