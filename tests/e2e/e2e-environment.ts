import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// Shared by playwright.config.ts, the global setup and the tests. Workers re-evaluate modules, so the
// throwaway directories are created once and handed on through the environment.

function onceDir(variable: string, prefix: string): string {
  const existing = process.env[variable];
  if (existing) return existing;
  const created = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  process.env[variable] = created;
  return created;
}

export const e2ePort = Number(process.env.E2E_PORT ?? 4310);
export const e2eSmtpPort = e2ePort + 1;
// localhost, not 127.0.0.1: WebAuthn takes its relying party id from the address, and an IP address
// cannot be one (the passkeys journey, docs/decisions/0062-passkeys-and-second-factor.md).
export const e2eBaseUrl = `http://localhost:${e2ePort}`;
export const e2eDataDir = onceDir('E2E_DATA_DIR', 'roundroom-e2e-');
export const e2eMailDir = onceDir('E2E_MAIL_DIR', 'roundroom-e2e-mail-');
export const e2eSupportEmail = 'help@roundroom.test';
/** The one promo code the e2e server accepts; it lives only in the server's environment. */
export const e2ePromoCode = 'E2E-FREE-2026';
