import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { connect } from 'node:net';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { toEvent } from '../../../infra/local/gateway.ts';
import { ROUTES } from '../../../shared/routes.ts';
import { companyOwner } from '../../support/api.ts';
import { useSignInStack } from '../../support/sign-in.ts';

/**
 * `__proto__`, `constructor` and `prototype` are names like any other: every route of the route
 * table answers a query field, header or JSON body field so named exactly as it answers an
 * unknown one (the same status, the same errors with the name swapped), never a 5xx, and no
 * request changes the prototype of plain objects.
 */
const stack = useSignInStack();
const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'prototype'];
const UNKNOWN = 'someUnknownField';
/** A UUID no record has, for every path parameter but the company. */
const NO_RECORD = '00000000-0000-4000-8000-000000000000';

interface Call {
  method: string;
  path: string;
}

/** Every method and path of the route table, on the given company. */
function calls(companyId: string): Call[] {
  return ROUTES.flatMap((route) => {
    const path = route.path.replace('{companyId}', companyId).replace(/\{\w+\}/g, NO_RECORD);
    return route.methods.map((method) => ({ method, path }));
  });
}

/** The status and error items of an answer, with `field` written as FIELD wherever an error names it. */
async function answer(call: Call, token: string, field: string, options: { query?: string; header?: string; body?: string }) {
  const headers: Array<[string, string]> = [['authorization', `Bearer ${token}`], ['idempotency-key', randomUUID()]];
  if (options.header !== undefined) headers.push([options.header, '1']);
  if (options.body !== undefined) headers.push(['content-type', 'application/json']);
  const response = await fetch(`${stack.url()}${call.path}${options.query === undefined ? '' : `?${options.query}=1`}`, { method: call.method, headers, body: options.body, redirect: 'manual' });
  const text = await response.text();
  const errors = response.status >= 400 ? (JSON.parse(text) as { errors: Array<{ name: string }> }).errors : [];
  return { status: response.status, errors: errors.map((e) => ({ ...e, name: e.name === field ? 'FIELD' : e.name })) };
}

/** Runs `each` over the calls a few at a time. */
async function forEachCall(list: Call[], each: (call: Call) => Promise<void>): Promise<void> {
  const queue = [...list];
  await Promise.all(Array.from({ length: 4 }, async () => {
    for (let call = queue.shift(); call; call = queue.shift()) await each(call);
  }));
}

describe('prototype names in requests', () => {
  it('answers them on every route exactly as an unknown field of the query, the headers or the body', async () => {
    const prototypeKeys = Object.getOwnPropertyNames(Object.prototype);
    const { token, companyId } = await companyOwner(stack.url);
    const list = calls(companyId);
    const mismatches: string[] = [];
    const compare = (call: Call, where: string, expected: unknown, actual: { status: number }) => {
      if (actual.status >= 500 || JSON.stringify(actual) !== JSON.stringify(expected)) {
        mismatches.push(`${call.method} ${call.path} ${where}: ${JSON.stringify(actual)}, not ${JSON.stringify(expected)}`);
      }
    };

    await forEachCall(list, async (call) => {
      const body = call.method === 'GET' ? undefined : '{}';
      const unknownQuery = await answer(call, token, UNKNOWN, { query: UNKNOWN, body });
      for (const name of PROTOTYPE_NAMES) compare(call, `?${name}=1`, unknownQuery, await answer(call, token, name, { query: name, body }));
      // Headers outside the contract are ignored: one named __proto__ leaves the answer as it was.
      compare(call, 'header __proto__', unknownQuery, await answer(call, token, UNKNOWN, { query: UNKNOWN, header: '__proto__', body }));
      if (call.method === 'GET') return;
      const unknownBody = await answer(call, token, UNKNOWN, { body: `{"${UNKNOWN}":{"polluted":true}}` });
      compare(call, 'body field __proto__', unknownBody, await answer(call, token, '__proto__', { body: '{"__proto__":{"polluted":true}}' }));
    });

    expect(mismatches).toEqual([]);
    expect(list.length).toBe(ROUTES.flatMap((r) => r.methods).length);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getOwnPropertyNames(Object.prototype)).toEqual(prototypeKeys);
  });

  it('reach the handler as own fields of the event, as API Gateway\'s JSON event holds them', async () => {
    const event = await eventFor('GET /x?__proto__=1&constructor=2&constructor=3 HTTP/1.1\r\nHost: h\r\n__proto__: p\r\nConstructor: c\r\nConnection: close\r\n\r\n');

    expect(JSON.stringify(event.queryStringParameters)).toBe('{"__proto__":"1","constructor":"2,3"}');
    expect(Object.getPrototypeOf(event.queryStringParameters)).toBe(Object.prototype);
    expect(Object.entries(event.headers)).toEqual(expect.arrayContaining([['__proto__', 'p'], ['constructor', 'c']]));
    expect(Object.getPrototypeOf(event.headers)).toBe(Object.prototype);
  });
});

/** The event the gateway builds for a request sent as these exact bytes. */
function eventFor(request: string): Promise<APIGatewayProxyEventV2> {
  return new Promise((resolve, reject) => {
    const server = createServer((req, res) => {
      resolve(toEvent(req, Buffer.alloc(0)));
      res.end();
      server.close();
    });
    server.listen(0, '127.0.0.1', () => {
      const socket = connect((server.address() as { port: number }).port, '127.0.0.1', () => socket.end(request));
      socket.on('error', reject);
      socket.resume();
    });
  });
}
