import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { canListen, freePort, isListening } from './ports';

describe('canListen', () => {
  it('tells a free port from one with a listener', async () => {
    const port = await freePort();
    expect(await canListen('127.0.0.1', port)).toBe(true);
    const server = net.createServer().listen(port, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    expect(await canListen('127.0.0.1', port)).toBe(false);
    server.close();
  });

  it('refuses a port that an outgoing connection holds, where nothing listens', async () => {
    const server = net.createServer().listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const client = net.connect({ host: '127.0.0.1', port: (server.address() as net.AddressInfo).port });
    await new Promise((resolve) => client.once('connect', resolve));
    const held = client.localPort!;
    // Nothing accepts connections there, yet a node could not listen on it.
    expect(await isListening('127.0.0.1', held, 200)).toBe(false);
    expect(await canListen('127.0.0.1', held)).toBe(false);
    client.destroy();
    server.close();
  });
});
