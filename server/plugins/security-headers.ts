import type { FastifyInstance } from 'fastify';

/**
 * Headers on every response, computed once at start (helmet's Fastify plugin rebuilds them on every
 * request, a measurable cost on fast routes). The CSP allows no inline script; inline styles stay
 * allowed because React style attributes and the toast library's stylesheet need them, and a style
 * cannot run code. See docs/decisions/0011-security-headers.md.
 */
// helmet's other defaults (Origin-Agent-Cluster, X-DNS-Prefetch-Control, X-Permitted-Cross-Domain-
// Policies) guard against nothing this app serves; every header costs each response a little.
export function securityHeaders(options: { isHttps: boolean }): Record<string, string> {
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(options.isHttps ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
  return {
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    // Invite tokens travel in URLs: no page of ours tells another site where the visitor came from.
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    ...(options.isHttps ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

export function registerSecurityHeaders(app: FastifyInstance, options: { isHttps: boolean }): void {
  const headers = securityHeaders(options);
  // A callback hook, not an async one: it runs on every request and needs no promise.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
