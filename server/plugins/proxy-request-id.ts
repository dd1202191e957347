import type { FastifyRequest } from 'fastify';
import type { Config } from '#server/config';

/** nginx's $request_id is 32 hex digits; other proxies' ids are UUIDs or similar. */
const REQUEST_ID = /^[A-Za-z0-9._-]{16,128}$/;

/**
 * The id the proxy gave this request (`X-Request-Id`, deploy/nginx/roundroom-proxy.conf), which stays
 * the same when the proxy sends the request again to another node after the first died with it
 * (docs/decisions/0050-cluster-test-and-drain.md). Only behind a proxy the operator trusts
 * (TRUST_PROXY): without one the header is the client's own and means nothing.
 */
export function proxyRequestId(
  request: FastifyRequest,
  config: Pick<Config, 'trustProxy'>,
): string | undefined {
  if (config.trustProxy === false) return undefined;
  const header = request.headers['x-request-id'];
  return typeof header === 'string' && REQUEST_ID.test(header) ? header : undefined;
}
