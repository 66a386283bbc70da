import * as z from '../schemas/zod.ts';
import { IsoDateField } from '../schemas/dates.ts';
import { Reference, Uuid, Version } from '../schemas/common.ts';
import { lazy } from '../schemas/lazy.ts';
import { described } from '../schemas/described.ts';
import { exportParameters } from '../exports/schemas.ts';
import { knownAtParameter } from '../schemas/known-at.ts';
import { BooleanText, listQueryShape } from '../schemas/list-query.ts';

/** Items one match holds at most: it is written in one transaction with every line it takes. */
export const MAX_MATCH_ITEMS = 90;

/** `POST .../BankAccounts/{id}/Matches`: statement lines (by the bank's reference) and ledger lines (journal and line index) whose amounts agree. */
export const CreateMatchBody = /* @__PURE__ */ lazy(() =>
  z
    .strictObject({
      statementLines: z.array(z.string().check(z.minLength(1), z.maxLength(200))).check(z.minLength(1, { error: 'must name at least one statement line' })),
      ledgerLines: z.array(z.strictObject({ journalId: Uuid(), line: z.int().check(z.minimum(0), z.maximum(999)) })).check(z.minLength(1, { error: 'must name at least one ledger line' })),
      difference: described(
        z.optional(z.strictObject({ accountId: Reference(), costCenterId: z.optional(z.nullable(Reference())), description: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(500))) })),
        'Where the sides differ, the account the difference is posted to (a journal on the first statement line\'s booking date, matched with them; needs journals:create and journals:post). Left out: the sides must agree exactly.',
      ),
    })
    .check(
      z.superRefine((body, ctx) => {
        if (body.statementLines.length + body.ledgerLines.length > MAX_MATCH_ITEMS) ctx.addIssue({ code: 'custom', path: ['ledgerLines'], message: `a match holds at most ${MAX_MATCH_ITEMS} lines in all; it names ${body.statementLines.length + body.ledgerLines.length}` });
        const twice = body.statementLines.find((r, i) => body.statementLines.indexOf(r) !== i);
        if (twice !== undefined) ctx.addIssue({ code: 'custom', path: ['statementLines'], message: `names the statement line ${twice} twice` });
        const keys = body.ledgerLines.map((l) => `${l.journalId}#${l.line}`);
        const again = keys.findIndex((k, i) => keys.indexOf(k) !== i);
        if (again >= 0) ctx.addIssue({ code: 'custom', path: ['ledgerLines', again], message: 'names a ledger line twice' });
      }),
    ),
);
export type CreateMatchInput = z.output<ReturnType<typeof CreateMatchBody>>;

export const DeleteMatchBody = /* @__PURE__ */ lazy(() => z.strictObject({ version: Version() }));

/** `GET .../BankAccounts/{id}/Reconciliation?date=&knownAt=`: at a date, as known at a moment (left out: now). */
export const ReconciliationQuery = /* @__PURE__ */ lazy(() => z.strictObject({ date: IsoDateField(), ...knownAtParameter(), ...exportParameters() }));
export type ReconciliationInput = z.output<ReturnType<typeof ReconciliationQuery>>;

/** A bank account's statement lines by booking date; `unmatched=true` only those no match holds. */
export const ListStatementLinesQuery = /* @__PURE__ */ lazy(() =>
  z.extend(listQueryShape(['BookingDate'], 'BookingDate'), {
    dateFrom: z.optional(IsoDateField()),
    dateTo: z.optional(IsoDateField()),
    unmatched: z.optional(BooleanText()),
  }),
);
export type ListStatementLinesInput = z.output<ReturnType<typeof ListStatementLinesQuery>>;

/** `POST .../BankAccounts/{id}/AutoMatch`: up to a date (left out: every item), or only proposed. */
export const AutoMatchBody = /* @__PURE__ */ lazy(() => z.strictObject({ date: z.optional(IsoDateField()), dryRun: z._default(z.boolean(), false) }));

/** `POST .../BankAccounts/{id}/Reconciliations`: the day to mark the bank account reconciled at. */
export const MarkReconciledBody = /* @__PURE__ */ lazy(() => z.strictObject({ date: IsoDateField() }));

/**
 * `POST .../BankAccounts/{id}/StatementLineJournals`: the journal a statement
 * line with no journal yet (a bank charge, interest, a transfer) becomes, on the account named
 * for its other side; `post`: posted on the line's booking date and matched with it at once.
 */
export const StatementLineJournalBody = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    bankReference: z.string().check(z.minLength(1), z.maxLength(200)),
    accountId: Reference(),
    costCenterId: z.optional(z.nullable(Reference())),
    description: described(z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(500))), "The journal's description; left out: the statement line's."),
    post: described(z._default(z.boolean(), false), 'true: the journal is posted on the booking date and matched with the line at once (needs journals:post); false (the default): a draft, linked to the line.'),
  }),
);
export type StatementLineJournalInput = z.output<ReturnType<typeof StatementLineJournalBody>>;
