import * as z from '../schemas/zod.ts';
import { EVENT_TYPES } from '../events/event-types.ts';
import { Version } from '../schemas/common.ts';
import { lazy } from '../schemas/lazy.ts';
import { listQuery, pageQueryShape } from '../schemas/list-query.ts';

const Url = () => z.string().check(z.minLength(1), z.maxLength(2048));
/** The event types to send; empty means every type. */
const EventTypes = () =>
  z.array(z.enum(EVENT_TYPES)).check(z.maxLength(EVENT_TYPES.length), z.refine((t) => new Set(t).size === t.length, { error: 'must not repeat an event type' }));
const Description = () => z.string().check(z.trim(), z.maxLength(200));

export const CreateWebhookBody = /* @__PURE__ */ lazy(() =>
  z.strictObject({ url: Url(), eventTypes: z._default(EventTypes(), []), description: z._default(Description(), ''), active: z._default(z.boolean(), true) }),
);
export type CreateWebhookInput = z.output<ReturnType<typeof CreateWebhookBody>>;

export const UpdateWebhookBody = /* @__PURE__ */ lazy(() =>
  z.strictObject({ url: Url(), eventTypes: z._default(EventTypes(), []), description: z._default(Description(), ''), active: z.boolean(), version: Version() }),
);
export type UpdateWebhookInput = z.output<ReturnType<typeof UpdateWebhookBody>>;

export const ListWebhooksQuery = listQuery(['CreatedAt'], 'CreatedAt');
/** A delivery log has one order, newest first: page and pageSize only. */
export const ListDeliveriesQuery = /* @__PURE__ */ lazy(() => pageQueryShape());
