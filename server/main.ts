import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfigFromEnvironment } from './config';
import { unsupportedNodeMessage } from './node-version';

/** The directory holding package.json, whether we run from server/ (tsx) or dist/server/ (bundle). */
function findProjectRoot(from: string): string {
  let directory = from;
  while (!fs.existsSync(path.join(directory, 'package.json'))) {
    const parent = path.dirname(directory);
    if (parent === directory) throw new Error(`No package.json above ${from}`);
    directory = parent;
  }
  return directory;
}

async function main(): Promise<void> {
  const unsupportedNode = unsupportedNodeMessage(process.versions.node, process.execPath);
  if (unsupportedNode) {
    console.error(unsupportedNode);
    process.exit(1);
  }
  let config: ReturnType<typeof loadConfigFromEnvironment>;
  try {
    config = loadConfigFromEnvironment();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const projectRoot = findProjectRoot(path.dirname(fileURLToPath(import.meta.url)));
  // In development Vite serves the web app; tests of the process need only the API.
  const webRoot = config.nodeEnv === 'production' ? path.join(projectRoot, 'dist', 'web') : undefined;
  fs.mkdirSync(config.dataDir, { recursive: true });

  const app = await buildApp(config, { webRoot });
  if (config.nodeEnv === 'production' && !config.mail.smtpUrl) {
    app.log.warn(
      'SMTP_URL is not set: sign-in and invitation links are written to this log and to DATA_DIR/outbox instead of being e-mailed. Anyone who can read them can sign in. Set SMTP_URL before inviting anyone.',
    );
  }

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // In-flight requests finish; a stuck one cannot hold the process past the time limit.
    setTimeout(() => {
      app.log.error('graceful shutdown timed out');
      process.exit(1);
    }, config.shutdown.timeoutMs).unref();
    app.drain({ idleConnectionsMs: config.shutdown.idleConnectionsMs }).then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info({ appUrl: config.appUrl, database: config.database.dialect }, 'Roundroom is ready');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
