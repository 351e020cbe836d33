import net from 'node:net';
/** Asks the kernel for a free TCP port on the loopback interface. */
export async function freePort() {
    return new Promise((resolve, reject) => {
        const server = net.createServer();
        server.unref();
        server.on('error', reject);
        server.listen(0, '127.0.0.1', () => {
            const address = server.address();
            server.close(() => {
                if (address && typeof address === 'object')
                    resolve(address.port);
                else
                    reject(new Error('could not allocate a port'));
            });
        });
    });
}
/** True when something accepts TCP connections on host:port. */
export async function isListening(host, port, timeoutMs = 500) {
    return new Promise((resolve) => {
        const socket = net.connect({ host, port });
        const done = (ok) => {
            socket.destroy();
            resolve(ok);
        };
        socket.setTimeout(timeoutMs, () => done(false));
        socket.once('connect', () => done(true));
        socket.once('error', () => done(false));
    });
}
export async function waitForPort(host, port, timeoutMs) {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
        if (await isListening(host, port))
            return;
        await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`nothing listens on ${host}:${port} after ${timeoutMs} ms`);
}
