import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

/**
 * A module's repositories see only its own tables (docs/decisions/0085-modules-own-their-tables.md): each
 * test plants one repository file of a real module and type-checks it alone with the
 * project's server configuration, as `npm run typecheck` does. A read or a write of another module's
 * table must fail naming the table and the planted file; the same file on the module's own table must
 * pass, and so must a transaction of the whole database handed to it, so the wall is the type and not
 * a broken planting.
 */

const ROOT = path.resolve(import.meta.dirname, '..');
const TSC = path.join(ROOT, 'node_modules', '.bin', 'tsc');

/**
 * Plants `text` as a repository of `module`, type-checks it alone, removes it; returns the exit code and
 * output. The file sits in `.planted/` (git-ignored) under the checkout's root, where `#server/...` still
 * resolves, and not in `server/`: the other unit tests that read every source file run beside this one,
 * and must never list a file that is gone by the time they read it.
 */
function typecheckPlanted(
  module: string,
  text: string,
): { code: number | null; output: string; file: string } {
  const id = crypto.randomBytes(4).toString('hex');
  const file = `.planted/${id}/server/features/${module}/planted.repository.ts`;
  const config = `tsconfig.planted-${id}.json`;
  fs.mkdirSync(path.dirname(path.join(ROOT, file)), { recursive: true });
  fs.writeFileSync(path.join(ROOT, file), text);
  fs.writeFileSync(
    path.join(ROOT, config),
    JSON.stringify({ extends: './tsconfig.server.json', include: [file], compilerOptions: { noEmit: true } }),
  );
  try {
    const result = spawnSync(TSC, ['-p', config, '--pretty', 'false'], { cwd: ROOT, encoding: 'utf8' });
    return { code: result.status, output: `${result.stdout}${result.stderr}`, file };
  } finally {
    fs.rmSync(path.join(ROOT, '.planted', id), { recursive: true, force: true });
    fs.rmSync(path.join(ROOT, config), { force: true });
  }
}

const imports =
  "import type { Kysely } from 'kysely';\nimport type { Database, ModuleExecutor } from '#server/db/schema';\n";

describe("a repository typed against its module's tables", () => {
  test.each([
    ['reads', "db.selectFrom('users').select('email').execute()"],
    ['writes', "db.updateTable('users').set({ name: 'x' }).execute()"],
    ['deletes from', "db.deleteFrom('users').execute()"],
  ])(
    'that %s another module’s table fails typecheck, naming the table and the file',
    (_, query) => {
      const planted = typecheckPlanted(
        // users is accounts' table, so another module's to passkeys.
        'passkeys',
        `${imports}export const planted = (db: ModuleExecutor<'passkeys'>) => ${query};\n`,
      );
      expect(planted.code).not.toBe(0);
      expect(planted.output).toContain(planted.file);
      expect(planted.output).toContain(`'"users"' is not assignable`);
    },
    60_000,
  );

  // rooms was the last module to borrow tables (invitations and users, for the NDA's suggested name):
  // no module borrows one now.
  test.each(['invitations', 'users'])(
    'that reads %s, in rooms (the last module that borrowed tables), fails typecheck',
    (table) => {
      const planted = typecheckPlanted(
        'rooms',
        `${imports}export const planted = (db: ModuleExecutor<'rooms'>) => db.selectFrom('${table}').selectAll().execute();\n`,
      );
      expect(planted.code).not.toBe(0);
      expect(planted.output).toContain(planted.file);
      expect(planted.output).toContain(`'"${table}"' is not assignable`);
    },
    60_000,
  );

  test('that reads and writes its own tables, given the whole database or a transaction of it, passes', () => {
    const planted = typecheckPlanted(
      'passkeys',
      `${imports}
const read = (db: ModuleExecutor<'passkeys'>) =>
  db.selectFrom('passkeys').innerJoin('recovery_codes', 'recovery_codes.user_id', 'passkeys.user_id').select('passkeys.id').execute();
const write = (db: ModuleExecutor<'passkeys'>) => db.updateTable('recovery_codes').set({ used_at: 1 }).execute();
export async function planted(app: Kysely<Database>): Promise<void> {
  await read(app);
  await app.transaction().execute(async (trx) => {
    await read(trx);
    await write(trx);
  });
}
`,
    );
    expect(planted.output).toBe('');
    expect(planted.code).toBe(0);
  }, 60_000);
});
