import type { AccountAttributes, AccountType, Classification } from '../accounts/records.ts';
import { groupingProblem, type StandardCodes } from '../accounts/standard-codes.ts';
import { ACCOUNT_TYPES, CLASSIFICATIONS } from '../schemas/account-values.ts';
import type { CostCenterAttributes } from '../cost-centers/cost-center-kind.ts';
import type { NodeAttributes, NodeRecord } from '../tree/records.ts';
import { BilingualName, Code, ReadableText, Reference } from '../schemas/common.ts';
import { CurrencyCode } from '../schemas/currency.ts';
import { lazy } from '../schemas/lazy.ts';
import * as z from '../schemas/zod.ts';
import { lookAlikeForm } from '../text/look-alike-form.ts';
import { MAX_DEPTH } from '../tree/rules.ts';
import type { ChartIndex } from './chart-index.ts';
import { importedId } from './ids.ts';
import type { RowError } from './records.ts';
import type { SourceRow } from './read-rows.ts';
import { BooleanField, parseCache, RowFields, type ParseCache } from './row-fields.ts';
import { turnCounter } from './yield-turn.ts';

/**
 * The check of an accounts or cost-centers file against the company's tree, and what writing it
 * means: one new node per valid row that is not already there, parents before children (a file
 * may name a parent rows after its children). Pure: the tree comes in as a ChartIndex.
 *
 * A row names its parent by `parentPath`: the parent's full path (or UUID), either already in
 * the books or the path of another row of the file (its parentPath joined with its code).
 * A row already in the books (same code under the same parent, same names) is skipped; a row
 * whose code is taken there by another node, or by an earlier row under the same parent, is a
 * DuplicateCode error. A row under an invalid row is invalid too (InvalidParent).
 */
export type NodeImportKind = 'accounts' | 'costCenters';

export interface NodeWrite<A extends NodeAttributes = NodeAttributes> {
  row: number;
  node: NodeRecord<A>;
  /** Root first, the new node last. */
  chain: NodeRecord<A>[];
}

export interface NodePlan {
  errors: RowError[];
  invalidRows: Set<number>;
  skippedRows: Set<number>;
  writes: NodeWrite[];
}

interface Candidate {
  source: SourceRow;
  fields: RowFields;
  code: string;
  parentPath?: string | undefined;
  name: { arabic: string; english: string };
  type?: AccountType | undefined;
  classification?: Classification | undefined;
  currency?: string | undefined;
  outside: StandardCodes;
  active: boolean;
}

/** What a row's parent is: a node of the books, another row of the file, or nothing (a root). */
type Parent = { existing: NodeRecord } | { row: Candidate } | null;

/** A row once placed: its node (new, or the one already in the books), its depth and its tree's classification. */
interface Placed {
  node: NodeRecord;
  isNew: boolean;
  chain: NodeRecord[];
  classification?: Classification | undefined;
}

/** The fields' schemas, built once: the parse cache knows a schema by its object (a file has up to 100,000 rows). */
const Fields = /* @__PURE__ */ lazy(() => ({
  type: z.enum(ACCOUNT_TYPES, { error: 'must be category or leaf' }),
  classification: z.enum(CLASSIFICATIONS, { error: `must be one of ${CLASSIFICATIONS.join(', ')}` }),
  currency: CurrencyCode(),
  active: BooleanField(),
  code35: ReadableText(35),
  text256: ReadableText(256),
}));

function candidateOf(kind: NodeImportKind, source: SourceRow, readErrors: RowError[], cache: ParseCache): Candidate {
  const fields = new RowFields(source, cache);
  fields.errors.push(...readErrors);
  const schemas = Fields();
  const code = fields.read('code', Code());
  const parentPath = fields.read('parentPath', Reference());
  const names = BilingualName().safeParse({ arabic: fields.text('nameArabic') ?? '', english: fields.text('nameEnglish') ?? '' });
  for (const issue of names.success ? [] : names.error.issues) {
    const field = issue.path[0] === 'arabic' ? 'nameArabic' : 'nameEnglish';
    // A missing name is already reported as required.
    if (fields.text(field) !== undefined) fields.fail(field, issue.message);
  }
  const type = kind === 'accounts' ? fields.read('type', schemas.type) : undefined;
  const classification = kind === 'accounts' ? fields.read('classification', schemas.classification) : undefined;
  const currency = kind === 'accounts' ? fields.read('currency', schemas.currency) : undefined;
  const active = kind === 'costCenters' ? (fields.read('active', schemas.active) ?? true) : true;
  if (type === 'category' && currency) fields.fail('currency', 'is for leaf accounts only: a category account takes no journal lines', 'CategoryCurrency');
  let outside: StandardCodes = {};
  if (kind === 'accounts') {
    const given = { standardAccountCode: fields.read('standardAccountCode', schemas.code35), groupingCategory: fields.read('groupingCategory', schemas.text256), groupingCode: fields.read('groupingCode', schemas.code35) };
    const problem = groupingProblem(given);
    if (problem) fields.fail(problem.field, problem.reason, 'GroupingPair');
    else outside = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined));
  }
  return { source, fields, code: code ?? '', parentPath, name: names.success ? names.data : { arabic: '', english: '' }, type, classification, currency, outside, active };
}

/**
 * Checks every row and plans the writes. `index` is the company's tree of this kind as it is now;
 * a node this very job wrote before (a resumed job) is recognised by its id and planned again,
 * so the plan of a resumed job is the plan it started with.
 */
export async function planNodes(kind: NodeImportKind, importId: string, rows: readonly SourceRow[], readErrors: readonly RowError[], index: ChartIndex, now: string): Promise<NodePlan> {
  const turn = turnCounter();
  const errorsOf = new Map<number, RowError[]>();
  for (const error of readErrors) {
    const list = errorsOf.get(error.row);
    if (list) list.push(error);
    else errorsOf.set(error.row, [error]);
  }
  const cache = parseCache();
  const candidates: Candidate[] = [];
  for (const source of rows) {
    candidates.push(candidateOf(kind, source, errorsOf.get(source.row) ?? [], cache));
    await turn();
  }
  const pathOf = (c: Candidate) => (c.parentPath ? `${index.resolve(c.parentPath) ? index.path(index.resolve(c.parentPath)!) : c.parentPath}.${c.code}` : c.code);
  const byPath = new Map<string, Candidate>();
  for (const c of candidates) if (c.code && !byPath.has(pathOf(c))) byPath.set(pathOf(c), c);

  const placed = new Map<Candidate, Placed | null>();
  const idOf = (c: Candidate) => importedId(importId, `row ${c.source.row}`);

  const parentOf = (c: Candidate): Parent | undefined => {
    if (!c.parentPath) return null;
    const existing = index.resolve(c.parentPath);
    if (existing) return { existing };
    const row = byPath.get(c.parentPath);
    if (row && row !== c) return { row };
    c.fields.fail('parentPath', `names no ${kind === 'accounts' ? 'account' : 'cost center'} of the company and no row of the file`, 'NotFound');
    return undefined;
  };

  /** Places a row under its parent (placing the parent first), or null when it is invalid. */
  const place = (c: Candidate, visiting: Set<Candidate>): Placed | null => {
    if (placed.has(c)) return placed.get(c)!;
    if (visiting.has(c)) return null;
    visiting.add(c);
    const result = placeUnder(c, visiting);
    placed.set(c, result);
    return result;
  };

  const placeUnder = (c: Candidate, visiting: Set<Candidate>): Placed | null => {
    if (!c.fields.ok) return null;
    const parent = parentOf(c);
    if (parent === undefined) return null;
    let parentPlaced: Placed | undefined;
    if (parent && 'row' in parent) {
      const above = place(parent.row, visiting);
      if (!above) {
        c.fields.fail('parentPath', `names row ${parent.row.source.row}, which is invalid`, 'InvalidParent');
        return null;
      }
      parentPlaced = above;
    } else if (parent) {
      const chain = index.chain(parent.existing);
      parentPlaced = { node: parent.existing, isNew: false, chain, classification: (chain[0]!.attributes as AccountAttributes).classification };
    }
    const parentNode = parentPlaced?.node;
    if (kind === 'accounts' && parentNode && (parentNode.attributes as AccountAttributes).accountType !== 'category') {
      c.fields.fail('parentPath', 'must be a category account; a leaf account cannot have children', 'ParentNotCategory');
      return null;
    }
    const depth = (parentPlaced?.chain.length ?? 0) + 1;
    if (depth > MAX_DEPTH) {
      c.fields.fail('parentPath', `the hierarchy is at most ${MAX_DEPTH} levels deep`, 'TooDeep');
      return null;
    }
    const rootClassification = parentPlaced ? parentPlaced.classification : c.classification;
    if (kind === 'accounts' && !parentPlaced && !c.classification) {
      c.fields.fail('classification', 'is required for a root account', 'Required');
      return null;
    }
    if (kind === 'accounts' && parentPlaced && c.classification && c.classification !== rootClassification) {
      c.fields.fail('classification', `must be ${rootClassification}, the classification of the root account`);
      return null;
    }
    // Already in the books: the same code under the same parent (a node this job wrote counts as new).
    const sibling = parentNode && !parentPlaced?.isNew ? index.siblingLike(parentNode.id, c.code) : !parentNode ? index.siblingLike(null, c.code) : undefined;
    if (sibling && sibling.id !== idOf(c)) {
      // A category a SAF-T file implies by its paths is the books' node at that place (the file holds no names for it).
      const implied = c.source.implied && sibling.code === c.code && (sibling.attributes as { accountType?: string }).accountType === 'category';
      const same = implied || (sibling.code === c.code && sibling.attributes.name.arabic === c.name.arabic && sibling.attributes.name.english === c.name.english);
      if (!same) {
        c.fields.fail('code', sibling.code === c.code ? `is already used under this parent by a ${kind === 'accounts' ? 'account' : 'cost center'} with other names` : `looks like ${sibling.code}, already used under this parent`, 'DuplicateCode');
        return null;
      }
      return { node: sibling, isNew: false, chain: [...(parentPlaced?.chain ?? []), sibling], classification: rootClassification };
    }
    const node: NodeRecord = {
      id: idOf(c),
      code: c.code,
      parentId: parentNode?.id ?? null,
      levels: [],
      version: 1,
      createdAt: now,
      updatedAt: now,
      attributes: attributesOf(kind, c, parentPlaced === undefined),
    };
    return { node, isNew: true, chain: [...(parentPlaced?.chain ?? []), node], classification: rootClassification };
  };

  for (const c of candidates) {
    place(c, new Set());
    await turn();
  }
  // A code twice under one parent in the file: the later row is the duplicate.
  const seen = new Map<string, Candidate>();
  for (const c of candidates) {
    const at = placed.get(c);
    if (!at) continue;
    const key = `${at.node.parentId ?? ''} ${lookAlikeForm(c.code)}`;
    const first = seen.get(key);
    if (first) {
      c.fields.fail('code', `is already given under the same parent by row ${first.source.row}`, 'DuplicateCode');
      placed.set(c, null);
    } else seen.set(key, c);
  }
  // Rows under a row found invalid by that last pass are invalid too.
  let changed = true;
  while (changed) {
    changed = false;
    for (const c of candidates) {
      const at = placed.get(c);
      if (!at || !c.parentPath) continue;
      const parentRow = index.resolve(c.parentPath) ? undefined : byPath.get(c.parentPath);
      if (parentRow && placed.get(parentRow) === null) {
        c.fields.fail('parentPath', `names row ${parentRow.source.row}, which is invalid`, 'InvalidParent');
        placed.set(c, null);
        changed = true;
      }
    }
  }

  const plan: NodePlan = { errors: [], invalidRows: new Set(), skippedRows: new Set(), writes: [] };
  for (const c of candidates) {
    plan.errors.push(...c.fields.errors);
    const at = placed.get(c);
    if (!at) plan.invalidRows.add(c.source.row);
    else if (!at.isNew) plan.skippedRows.add(c.source.row);
    else plan.writes.push({ row: c.source.row, node: at.node, chain: at.chain });
  }
  // Parents before children; otherwise in file order.
  plan.writes.sort((a, b) => a.chain.length - b.chain.length || a.row - b.row);
  plan.errors.sort((a, b) => a.row - b.row);
  return plan;
}

function attributesOf(kind: NodeImportKind, c: Candidate, isRoot: boolean): AccountAttributes | CostCenterAttributes {
  if (kind === 'costCenters') return { name: c.name, status: c.active ? 'active' : 'inactive' };
  return {
    name: c.name,
    accountType: c.type!,
    ...(isRoot ? { classification: c.classification } : {}),
    ...(c.currency ? { currency: c.currency } : {}),
    ...c.outside,
  };
}
