import type { CounterpartyCreating, CounterpartyList, CounterpartyReads, CounterpartyReplacing } from '../../counterparties/store.ts';
import { counterpartiesPage, createCounterpartyOp, getCounterparty, replaceCounterpartyOp } from './counterparty-store.ts';

/** The counterparties' ports (counterparties/store.ts), one per use case (plain properties: a bundler keeps a spread it cannot prove pure). */
export const counterpartyReads: CounterpartyReads = { get: getCounterparty };

export const counterpartyCreating: CounterpartyCreating = { createChange: createCounterpartyOp };

export const counterpartyReplacing: CounterpartyReplacing = { get: getCounterparty, replaceChange: replaceCounterpartyOp };

export const counterpartyList: CounterpartyList = { page: counterpartiesPage };
