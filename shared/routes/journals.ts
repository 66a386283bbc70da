import { RecordHistoryQuery } from '../audit/schemas.ts';
import { CreateJournalBody, ListJournalsQuery, PostJournalBody, ReverseJournalBody, UpdateJournalBody } from '../journals/schemas.ts';
import { CreateRevaluationBody } from '../revaluations/schemas.ts';
import { area, company, journal, VersionBody } from './route.ts';

/** The journals rows of the route table (shared/routes.ts). */
export const journalsRoutes = area('journals', {
  create: { methods: ['POST'], path: `${company}/Journals`, handler: 'functions/journals/create.ts', access: 'journals:create', event: 'JournalCreated', idempotentOperation: 'CreateJournal', body: CreateJournalBody, response: 'JournalResponse', summary: 'Create a draft journal', tag: 'Journals' },
  list: { methods: ['GET'], path: `${company}/Journals`, handler: 'functions/journals/list.ts', access: 'journals:read', query: ListJournalsQuery, response: { page: 'JournalResponse' }, summary: 'List journals (paginated; filters dateFrom, dateTo, status)', tag: 'Journals' },
  get: { methods: ['GET'], path: `${journal}`, handler: 'functions/journals/get.ts', access: 'journals:read', response: 'JournalResponse', summary: 'Get a journal', tag: 'Journals' },
  history: { methods: ['GET'], path: `${journal}/History`, handler: 'functions/journals/history.ts', access: 'journals:read', query: RecordHistoryQuery, response: { page: 'HistoryResponse' }, summary: 'Every version of the journal, oldest first: the change, who made it, in which request, when, and the journal as it stood after it (kept for good, when the feed\'s events have expired)', tag: 'Journals' },
  update: { methods: ['PUT'], path: `${journal}`, handler: 'functions/journals/update.ts', access: 'journals:update', event: 'JournalUpdated', idempotentOperation: 'UpdateJournal', body: UpdateJournalBody, response: 'JournalResponse', summary: 'Update a draft journal (versioned)', tag: 'Journals' },
  post: { methods: ['POST'], path: `${journal}/Post`, handler: 'functions/journals/post.ts', access: 'journals:post', event: 'JournalPosted', body: PostJournalBody, response: 'JournalResponse', summary: 'Post a draft journal into an open period (versioned)', tag: 'Journals' },
  void: { methods: ['POST'], path: `${journal}/Void`, handler: 'functions/journals/void.ts', access: 'journals:void', event: 'JournalVoided', body: VersionBody, response: 'JournalResponse', summary: 'Void a draft or posted journal (versioned)', tag: 'Journals' },
  adjust: { methods: ['POST'], path: `${journal}/Adjust`, handler: 'functions/journals/adjust.ts', access: 'journals:post', event: 'JournalAdjusted', body: VersionBody, response: 'JournalResponse', summary: 'Return a posted journal to draft, taking its effect off the balances (versioned)', tag: 'Journals' },
  reverse: { methods: ['POST'], path: `${journal}/Reverse`, handler: 'functions/journals/reverse.ts', access: 'journals:post', event: 'JournalReversed', idempotentOperation: 'ReverseJournal', body: ReverseJournalBody, response: 'JournalResponse', summary: 'Reverse a posted journal with a new posted journal (versioned)', tag: 'Journals' },
  revalue: { methods: ['POST'], path: `${company}/Revaluations`, handler: 'functions/journals/revalue.ts', access: 'journals:post', event: 'RevaluationPosted', idempotentOperation: 'CreateRevaluation', body: CreateRevaluationBody, response: 'RevaluationResponse', summary: 'Revalue the foreign-currency balances of asset and liability accounts at a date, reversed the next day (dryRun: answer only, writing nothing)', tag: 'Journals' },
});
