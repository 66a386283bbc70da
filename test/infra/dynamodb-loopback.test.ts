import { existsSync, readFileSync } from 'node:fs';
import { Socket } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDynamoLocal, type RunningDynamo } from '../../infra/local/dynamodb-local.ts';

/** DynamoDB Local listens on 127.0.0.1 only, as the gateway and the identity provider do. */
let dynamo: RunningDynamo;
beforeAll(async () => {
  dynamo = await startDynamoLocal();
}, 90_000);
afterAll(async () => {
  await dynamo?.stop();
});

/** One address of /proc/net/tcp(6): 32-bit words in host (little-endian) order, as text; an IPv4-mapped IPv6 address as its IPv4. */
function procAddress(hex: string): string {
  const bytes = Buffer.from(hex, 'hex');
  for (let i = 0; i < bytes.length; i += 4) bytes.subarray(i, i + 4).reverse();
  const mapped = bytes.length === 16 && bytes.subarray(0, 10).every((b) => b === 0) && bytes.readUInt16BE(10) === 0xffff;
  if (bytes.length === 4 || mapped) return [...bytes.subarray(-4)].join('.');
  return Array.from({ length: 8 }, (_, i) => bytes.readUInt16BE(i * 2).toString(16)).join(':');
}

/** The local addresses of the sockets listening on the port, from the kernel's own tables. */
function listeningAddresses(port: number): string[] {
  return ['/proc/net/tcp', '/proc/net/tcp6']
    .filter((file) => existsSync(file))
    .flatMap((file) => readFileSync(file, 'utf8').trim().split('\n').slice(1))
    .map((line) => line.trim().split(/\s+/))
    .filter(([, local, , state]) => state === '0A' && parseInt(local!.split(':')[1]!, 16) === port)
    .map(([, local]) => procAddress(local!.split(':')[0]!));
}

function connects(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.setTimeout(2_000, () => (socket.destroy(), resolve(false)));
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => (socket.destroy(), resolve(false)));
    socket.connect(port, host);
  });
}

describe('DynamoDB Local of the local stack', () => {
  it.runIf(process.platform === 'linux')('listens on 127.0.0.1 and nowhere else', () => {
    expect(procAddress('0100007F')).toBe('127.0.0.1');
    expect(procAddress('0000000000000000FFFF00000100007F')).toBe('127.0.0.1');
    expect(procAddress('00000000000000000000000000000000')).toBe('0:0:0:0:0:0:0:0');

    expect(listeningAddresses(dynamo.port)).toEqual(['127.0.0.1']);
  });

  it.runIf(existsSync('/proc/sys/net/ipv4/ip_local_port_range'))('is on a port the system never hands out by itself, so a supervised restart can come back to it', () => {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    expect(dynamo.port < low! || dynamo.port > high!, `port ${dynamo.port}, ephemeral ${low}-${high}`).toBe(true);
  });

  it('answers on loopback and refuses connections to the machine\'s other addresses', async () => {
    const others = Object.values(networkInterfaces()).flat().filter((a) => a && !a.internal && a.family === 'IPv4').map((a) => a!.address);

    expect(await connects('127.0.0.1', dynamo.port)).toBe(true);
    for (const address of others) expect(await connects(address, dynamo.port), address).toBe(false);
  });
});
