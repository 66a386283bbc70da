import { randomUUID } from 'node:crypto';
import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { actorRef } from '../auth/actor.ts';
import { eventRecord } from '../events/event-record.ts';
import type { Route } from '../routes/route.ts';
import { apiRequestOf } from './api-request.ts';

/**
 * The transactional outbox: a row that names an event adds it to its use case's transaction
 * (a commit hook, like the idempotency record), so the event commits with the change or not at
 * all. The company of a new company is the one it creates.
 */
export function outbox(route: Route): MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2> {
  const type = route.event;
  return {
    name: 'outbox',
    before: (request) => {
      if (!type) return;
      const api = apiRequestOf(request.event);
      api.uow.recordsEvent((answer, { described }) => {
        // A close answers an empty body; its event records the period or year it closed.
        const response = described ?? answer;
        const created = response && typeof response === 'object' && 'id' in response ? String(response.id) : undefined;
        const companyId = api.companyId ?? created ?? '';
        return eventRecord({ eventId: randomUUID(), type, companyId, actor: actorRef(api.principal), requestId: api.requestId, params: api.params, body: api.body, response, now: new Date() });
      });
    },
  };
}
