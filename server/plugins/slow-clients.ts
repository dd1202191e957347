import type { FastifyInstance } from 'fastify';

/**
 * Bounds on clients that send slowly (ADR 27). Node's own timeouts (headersTimeout,
 * requestTimeout, set with the Fastify options in app.ts) bound the headers and the whole request;
 * this adds what Node lacks: a minimum rate for a request's body while it streams (JSON and
 * multipart uploads alike) and a cap on the connections one address may hold open.
 */

export interface SlowClientLimits {
  /** A body must arrive at least this fast, on average over each window, or its connection is closed. */
  bodyMinBytesPerSecond: number;
  /** The window over which the body rate is measured; the first window is also the grace period. */
  bodyRateWindowMs: number;
  /** Open connections one address may hold; 0 for no cap. */
  maxConnectionsPerAddress: number;
}

export function registerSlowClientLimits(app: FastifyInstance, limits: SlowClientLimits): void {
  if (limits.maxConnectionsPerAddress > 0) {
    // Counted per socket address: behind a reverse proxy that is the proxy's (README, operations).
    const open = new Map<string, number>();
    app.server.on('connection', (socket) => {
      const address = socket.remoteAddress ?? 'unknown';
      const count = (open.get(address) ?? 0) + 1;
      if (count > limits.maxConnectionsPerAddress) {
        app.log.warn({ address, open: count - 1 }, 'connection refused: too many open from one address');
        socket.destroy();
        return;
      }
      open.set(address, count);
      socket.once('close', () => {
        const left = (open.get(address) ?? 1) - 1;
        if (left > 0) open.set(address, left);
        else open.delete(address);
      });
    });
  }

  if (limits.bodyMinBytesPerSecond > 0) {
    const minimumPerWindow = (limits.bodyMinBytesPerSecond * limits.bodyRateWindowMs) / 1000;
    app.addHook('onRequest', (request, _reply, done) => {
      const raw = request.raw;
      const hasBody = Number(raw.headers['content-length'] ?? 0) > 0 || raw.headers['transfer-encoding'];
      if (!hasBody || raw.complete) return done();
      const socket = raw.socket;
      // bytesRead counts what arrived without taking it from the stream the body parser reads.
      let readBefore = socket.bytesRead;
      const watch = setInterval(() => {
        if (raw.complete || socket.destroyed) return clearInterval(watch);
        const arrived = socket.bytesRead - readBefore;
        readBefore = socket.bytesRead;
        if (arrived < minimumPerWindow) {
          clearInterval(watch);
          request.log.warn(
            { ip: request.ip, bytesPerSecond: Math.round((arrived * 1000) / limits.bodyRateWindowMs) },
            'connection closed: request body arriving slower than the minimum rate',
          );
          socket.destroy();
        }
      }, limits.bodyRateWindowMs);
      watch.unref();
      raw.once('close', () => clearInterval(watch));
      done();
    });
  }
}
