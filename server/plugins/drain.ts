import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * SIGTERM's drain (docs/decisions/0050-cluster-test-and-drain.md), then close(): no new
     * connection is accepted, running jobs are handed back, every answer from now on closes its
     * keep-alive connection, idle connections are left for their client to close for a while, and
     * requests in flight finish before the database closes.
     */
    drain(limits: { idleConnectionsMs: number }): Promise<void>;
  }
}

/** How often the drain looks whether the last connection has gone. */
const CONNECTIONS_POLL_MS = 25;

export function registerDrain(app: FastifyInstance): void {
  let draining = false;
  // Behind a proxy, a connection the server closes while idle may cross a request the proxy is just
  // sending on it (a POST it cannot retry). Answering with Connection: close lets the proxy drop the
  // connection itself, after the answer, with nothing in flight on it.
  // At the answer, not at the request: a request that arrived before the drain began closes too.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (draining) reply.header('connection', 'close');
    return payload;
  });
  app.decorate('drain', async ({ idleConnectionsMs }: { idleConnectionsMs: number }) => {
    if (draining) return;
    draining = true;
    // net.Server's close, not http.Server's: that one also destroys every idle connection at once,
    // which is the race above. New connections are refused, so a proxy sends them to another node.
    if (app.server.listening) net.Server.prototype.close.call(app.server);
    // At once, not after the requests: another node takes the jobs while this one finishes answering.
    const jobsHandedBack = app.jobs.stop();
    await connectionsGone(app.server, idleConnectionsMs);
    await jobsHandedBack;
    // Destroys the idle connections left, waits for requests still in flight, closes the database.
    await app.close();
  });
}

/** Resolves when the server holds no connection, or after `withinMs`. */
async function connectionsGone(server: net.Server, withinMs: number): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    const open = await new Promise<number>((resolve) =>
      server.getConnections((error, count) => resolve(error ? 0 : count)),
    );
    if (open === 0) return;
    await sleep(CONNECTIONS_POLL_MS);
  }
}
