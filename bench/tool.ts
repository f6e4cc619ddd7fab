import { spawn } from 'node:child_process';

/** Runs a load tool (pgbench, wrk) to its end and answers what it printed, stdout and stderr together. */
export function runTool(bin: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const child = spawn(bin, args, { env: { ...process.env, ...env } });
    let text = '';
    child.stdout.on('data', (d) => {
      text += d;
    });
    child.stderr.on('data', (d) => {
      text += d;
    });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(text) : reject(new Error(`${bin} exited ${code}: ${text}`))));
  });
}
