import { lookup } from 'node:dns/promises';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { addressRefusal } from './url-rules.ts';

/** An address a name resolved to. */
export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Every address a host name resolves to (the system resolver: what the HTTP client would have used). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

const systemResolver: Resolver = (hostname) => lookup(hostname, { all: true });

export interface PostOptions {
  /** Local development: loopback receivers are allowed. */
  allowLoopback: boolean;
  timeoutMs: number;
  /** The system resolver unless given (tests give their own answers). */
  resolve?: Resolver;
}

export type PostOutcome = { status: number; error?: undefined } | { status?: undefined; error: string };

/**
 * The addresses to connect to for `host`: the literal itself, or every address its name resolves
 * to, once; all must be allowed, or the reason none is used.
 */
async function checkedAddresses(host: string, options: PostOptions): Promise<ResolvedAddress[] | string> {
  const family = isIP(host);
  const addresses = family !== 0 ? [{ address: host, family }] : await (options.resolve ?? systemResolver)(host).catch(() => []);
  if (addresses.length === 0) return `cannot resolve ${host}`;
  for (const { address } of addresses) {
    const refusal = addressRefusal(address, options.allowLoopback);
    if (refusal) return family !== 0 ? `${host} is ${refusal}` : `${host} resolves to ${address}, ${refusal}`;
  }
  return addresses;
}

/**
 * A `lookup` for the connection that answers the addresses already checked, so the address
 * checked is the address used: a name whose answer changes between the check and the connection
 * (DNS rebinding) cannot lead anywhere else.
 */
function pinnedLookup(addresses: ResolvedAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    const usable = options.family ? addresses.filter((a) => a.family === options.family) : addresses;
    if (usable.length === 0) callback(Object.assign(new Error('no checked address of the family asked for'), { code: 'ENOTFOUND' }), '');
    else if (options.all) callback(null, usable);
    else callback(null, usable[0]!.address, usable[0]!.family);
  };
}

/**
 * POSTs `body` to the receiver at `url`, connecting only to addresses that pass the webhook
 * address rules (shared/webhooks/url-rules.ts). TLS SNI and the Host header stay the URL's
 * host name. Redirects are not followed. Answers the HTTP status, or why nothing was sent or no
 * answer came (refused address, unresolvable name, connection error, timeout).
 */
export async function postToReceiver(url: URL, headers: Record<string, string>, body: string, options: PostOptions): Promise<PostOutcome> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = await checkedAddresses(host, options);
  if (typeof addresses === 'string') return { error: addresses };
  const request = url.protocol === 'https:' ? httpsRequest : url.protocol === 'http:' ? httpRequest : undefined;
  if (!request) return { error: `cannot send over ${url.protocol}` };
  return new Promise<PostOutcome>((resolve) => {
    const sent = request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        // A connection of its own: a pooled socket would skip this delivery's lookup.
        agent: false,
        lookup: pinnedLookup(addresses),
        signal: AbortSignal.timeout(options.timeoutMs),
      },
      (response) => {
        resolve({ status: response.statusCode ?? 0 });
        // The answer's body is not read.
        response.destroy();
      },
    );
    sent.on('error', (error) => resolve({ error: error.message }));
    sent.end(body);
  });
}
