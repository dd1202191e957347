import { type ChildProcess, spawn } from 'node:child_process';

/**
 * npm run dev: Vite with hot reload on http://localhost:3000 (proxying /api) and the API on 3001,
 * restarted by tsx whenever server/ or shared/ changes. Ctrl-C stops both.
 */
const children: ChildProcess[] = [
  spawn('npx', ['vite'], { stdio: 'inherit' }),
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'development', PORT: '3001', APP_URL: 'http://localhost:3000' },
  }),
];

let stopping = false;
function stopAll(code: number) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  process.exitCode = code;
}
for (const child of children) child.on('exit', (code) => stopAll(code ?? 0));
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
