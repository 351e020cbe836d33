/**
 * A server the tests start as an OS process of its own (a second API, the web server): started,
 * waited for until `readyUrl` answers 200, its output kept to explain a failure, stopped with
 * SIGTERM (SIGKILL after 15 s).
 */
import { spawn } from 'node:child_process';

export interface ChildServer {
  pid: number;
  /** What it wrote to stdout and stderr (the last 16 KB). */
  output(): string;
  stop(): Promise<void>;
}

export async function startChildServer(
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; readyUrl: string; timeoutMs?: number },
): Promise<ChildServer> {
  const child = spawn(process.execPath, args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const keep = (chunk: Buffer) => {
    text = (text + chunk.toString()).slice(-16_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  };
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  for (;;) {
    if ((await fetch(options.readyUrl).catch(() => null))?.status === 200) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`${args.join(' ')} did not get ready:\n${text}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { pid: child.pid!, output: () => text, stop };
}
