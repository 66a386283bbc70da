import { randomUUID } from 'node:crypto';
import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { claimKey, completeKeyOp, releaseKey } from '../db/stores/idempotency-store.ts';
import type { Claim, StoredResponse } from '../idempotency/records.ts';
import { transactWrite } from '../db/table/transact.ts';
import { ValidationError } from '../errors.ts';
import { successStatus, type Route } from '../routes/route.ts';
import { jsonWithSecretsOmitted } from '../schemas/one-time-secrets.ts';
import { textKeepingProblem } from '../text/well-formed.ts';
import { apiRequestOf } from './api-request.ts';
import { IDEMPOTENCY_HEADER, REPLAYED_HEADER } from './headers.ts';
import { ok } from './respond.ts';

export const MAX_KEY_LENGTH = 255;

/**
 * The spec's Idempotency-Key rules 1-9 for routes that declare an operation:
 * - before: validate the key, then claim (company, operation, key) or, for user-scoped
 *   routes, (user, operation, key), beside the read confirming a caller's guessed grant when
 *   authentication left one (ApiRequest.accessConfirmed). A completed key replays its stored
 *   200 whatever the new body (rule 8), marked `Idempotent-Replayed: true`; a key in progress
 *   is a 409.
 * - the use case's transaction also writes the completed record (commit hook), so a crash
 *   after the commit can never run the operation twice.
 * - onError: release the claim, so errors and version conflicts store nothing (rules 5, 9).
 * - the claim records the target record (path parameters): the same key for another record of
 *   the same operation is a 422 IdempotencyKeyReused, never a replay of the other's response.
 * - a secret shown once (schemas/one-time-secrets.ts) is never stored: the replay says it was
 *   shown (`secret: null, secretOmitted: true`), whoever in the scope sends the key again.
 * Runs after authentication (the scope needs the principal) and before input parsing, so a
 * retry with a different body still gets the original response.
 */
export function idempotency(route: Route): MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2> {
  const operation = route.idempotentOperation;
  const claims = new WeakMap<APIGatewayProxyEventV2, Claim>();
  return {
    name: 'idempotency',
    before: async (request) => {
      const key = request.event.headers?.[IDEMPOTENCY_HEADER];
      if (!operation || key === undefined) return;
      const api = apiRequestOf(request.event);
      const scope = route.access === 'user' && api.principal?.kind === 'user' ? { userId: api.principal.userId } : { companyId: api.companyId ?? '' };
      // An invalid key is a rejection of the claim, so it too waits for the access read below.
      const claiming = (async () => claimKey(scope, operation, validKey(key), targetOf(request.event), randomUUID()))();
      // Beside the read that confirms a guessed grant (authentication.ts), whose refusal answers
      // first: a caller who lost access is told so, as without the guess, and a claim made
      // meanwhile is released (onError).
      const [access, claimed] = await Promise.allSettled([api.accessConfirmed, claiming]);
      if (claimed.status === 'fulfilled' && 'claimed' in claimed.value) claims.set(request.event, claimed.value.claimed);
      if (access.status === 'rejected') throw access.reason;
      if (claimed.status === 'rejected') throw claimed.reason;
      const result = claimed.value;
      if ('replay' in result) {
        return { ...result.replay, headers: { ...result.replay.headers, [REPLAYED_HEADER]: 'true' } };
      }
      const claim = result.claimed;
      api.uow.hooks.push((response) => [completeKeyOp(claim, stored(ok(response, {}, successStatus(route))))]);
    },
    after: async (request) => {
      const claim = claims.get(request.event);
      // A use case that wrote nothing through its unit of work still completes its key.
      if (claim && !apiRequestOf(request.event).uow.committed && request.response) {
        await transactWrite([completeKeyOp(claim, stored(request.response))]);
      }
    },
    onError: async (request) => {
      const claim = claims.get(request.event);
      if (!claim) return;
      // Error handling must not fail: when the key cannot be freed (database down), its lease
      // frees it once it runs out, and the client is told about the original failure.
      await releaseKey(claim).catch((error: unknown) => {
        apiRequestOf(request.event).log.error('idempotency key not released', { error: String(error) });
      });
    },
  };
}

/** The key, when it is 1 to MAX_KEY_LENGTH characters of text that can be kept; else a ValidationError naming the header. */
function validKey(key: string): string {
  if (key.length === 0 || [...key].length > MAX_KEY_LENGTH) {
    throw ValidationError.field('Idempotency-Key', `must be 1 to ${MAX_KEY_LENGTH} characters`);
  }
  const textProblem = textKeepingProblem(key);
  if (textProblem) throw ValidationError.field('Idempotency-Key', textProblem, 'InvalidText');
  return key;
}

/** What is kept for replays: the response, less any secret it showed once. */
function stored(response: APIGatewayProxyStructuredResultV2): StoredResponse {
  return {
    statusCode: response.statusCode ?? 200,
    body: jsonWithSecretsOmitted(response.body ?? ''),
    headers: Object.fromEntries(Object.entries(response.headers ?? {}).map(([k, v]) => [k, String(v)])),
  };
}

/**
 * The record a request acts on: its path parameters other than the company (already in the
 * scope), ids in lower case. Empty for creates.
 */
function targetOf(event: APIGatewayProxyEventV2): string {
  return Object.entries(event.pathParameters ?? {})
    .filter(([name]) => name !== 'companyId')
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${(value ?? '').toLowerCase()}`)
    .join('&');
}
