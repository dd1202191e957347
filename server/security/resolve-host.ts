import dns from 'node:dns';

export interface ResolvedAddress {
  address: string;
  family: number;
}

/**
 * Resolves a host name to every address it has, for the requests the server makes itself (webhook
 * deliveries, ADR 52). The app's is in its context: the system's DNS, or a test's own answers.
 */
export type ResolveHost = (hostname: string) => Promise<ResolvedAddress[]>;

export const resolveWithSystem: ResolveHost = (hostname) =>
  dns.promises.lookup(hostname, { all: true, verbatim: true });
