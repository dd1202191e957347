import { type Config, ConfigError, loadConfigFromEnvironment } from '#server/config';
import { OperationError } from '#server/operations/operation-error';

/**
 * Runs an operational command with the server's own configuration (DATA_DIR, DATABASE_URL): a refusal
 * or a bad setting is one clear line on stderr and exit code 1.
 */
export async function runOperation(usage: string, run: (config: Config, args: string[]) => Promise<void>) {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(usage);
    return;
  }
  try {
    await run(loadConfigFromEnvironment(), args);
  } catch (error) {
    if (error instanceof ConfigError || error instanceof OperationError) console.error(error.message);
    else console.error(error);
    process.exitCode = 1;
  }
}
