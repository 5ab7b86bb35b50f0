/**
 * The app processes under test: `node apps/server/dist/main.js`, one process each (its PID is the
 * server), output appended to a log file, every exit recorded with its code and whether the suite
 * caused it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const BUNDLE = path.join(ROOT, 'apps/server/dist/main.js');

export interface ExitRecord {
  pid: number;
  code: number | null;
  signal: NodeJS.Signals | null;
  at: number;
  /** The suite sent the signal that ended it (SIGTERM, SIGKILL) or asked for the stop. */
  expected: boolean;
}

export interface AppOptions {
  name: string;
  port: number;
  /** The demo's in-process ERP stand-in listens here (its control endpoint is POST /__control). */
  standinPort: number;
  databaseUrl: string;
  dataDir: string;
  appUrl: string;
  logDir: string;
}

export class AppProcess {
  readonly exits: ExitRecord[] = [];
  private child: ChildProcess | null = null;
  private expectingExit = false;
  private exitWaiters: ((r: ExitRecord) => void)[] = [];
  startedAt = 0;

  constructor(readonly opts: AppOptions) {}

  get name(): string {
    return this.opts.name;
  }
  get port(): number {
    return this.opts.port;
  }
  get pid(): number | null {
    return this.child?.pid ?? null;
  }
  get running(): boolean {
    return this.child !== null;
  }
  get logFile(): string {
    return path.join(this.opts.logDir, `${this.opts.name}.log`);
  }

  start(): void {
    if (this.child) throw new Error(`${this.name} is already running`);
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      ...(process.env.TMPDIR ? { TMPDIR: process.env.TMPDIR } : {}),
      ...(process.env.TZ ? { TZ: process.env.TZ } : {}),
      NODE_ENV: 'production',
      APP_MODE: 'demo',
      HOST: '127.0.0.1',
      PORT: String(this.opts.port),
      APP_URL: this.opts.appUrl,
      DATABASE_URL: this.opts.databaseUrl,
      DATA_DIR: this.opts.dataDir,
      ERP_STANDIN_PORT: String(this.opts.standinPort),
      // No nightly sync in the middle of a run.
      ERP_SYNC_CRON: 'off',
      LOG_LEVEL: 'info',
    };
    const out = fs.openSync(this.logFile, 'a');
    fs.writeSync(out, `\n===== chaos: starting ${this.name} on port ${this.port} at ${new Date().toISOString()}\n`);
    // Its own process group: a Ctrl-C in the terminal reaches the runner only, which stops the apps.
    const child = spawn(process.execPath, ['--enable-source-maps', BUNDLE], {
      cwd: ROOT,
      env,
      stdio: ['ignore', out, out],
      detached: true,
    });
    fs.closeSync(out);
    this.child = child;
    this.expectingExit = false;
    this.startedAt = Date.now();
    child.on('exit', (code, signal) => {
      const rec: ExitRecord = { pid: child.pid ?? -1, code, signal, at: Date.now(), expected: this.expectingExit };
      this.exits.push(rec);
      this.child = null;
      fs.appendFileSync(this.logFile, `===== chaos: ${this.name} pid ${rec.pid} exited code=${code} signal=${signal}\n`);
      for (const w of this.exitWaiters.splice(0)) w(rec);
    });
  }

  /** Sends a signal the suite means to send (the exit that follows is expected). */
  signal(sig: NodeJS.Signals): number {
    if (!this.child?.pid) throw new Error(`${this.name} is not running`);
    this.expectingExit = true;
    process.kill(this.child.pid, sig);
    return Date.now();
  }

  /** Resolves with the exit, or null after timeoutMs. */
  waitExit(timeoutMs: number): Promise<ExitRecord | null> {
    if (!this.child) return Promise.resolve(this.exits.at(-1) ?? null);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(null), timeoutMs);
      this.exitWaiters.push((r) => {
        clearTimeout(timer);
        resolve(r);
      });
    });
  }

  /** Polls GET /api/health/live on the process itself until it answers 200. */
  async waitLive(timeoutMs: number): Promise<number> {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      if (!this.child) throw new Error(`${this.name} exited while starting (see ${this.logFile})`);
      if ((await probe(this.port, '/api/health/live', 1000)).status === 200) return Date.now();
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`${this.name} did not answer /api/health/live within ${timeoutMs} ms (see ${this.logFile})`);
  }

  /** SIGTERM, then SIGKILL after graceMs. */
  async stop(graceMs = 12_000): Promise<void> {
    if (!this.child) return;
    this.signal('SIGTERM');
    if (await this.waitExit(graceMs)) return;
    if (this.child?.pid) process.kill(this.child.pid, 'SIGKILL');
    await this.waitExit(5_000);
  }

  /** Exits since `since` that the suite did not cause. */
  unexpectedExits(since: number): ExitRecord[] {
    return this.exits.filter((e) => !e.expected && e.at >= since);
  }

  /** The log lines written since a byte offset that are warnings or worse (pino level >= 40), or not JSON. */
  logSize(): number {
    try {
      return fs.statSync(this.logFile).size;
    } catch {
      return 0;
    }
  }

  logSince(offset: number): string {
    try {
      const fd = fs.openSync(this.logFile, 'r');
      const size = fs.fstatSync(fd).size;
      const buf = Buffer.alloc(Math.max(0, size - offset));
      fs.readSync(fd, buf, 0, buf.length, offset);
      fs.closeSync(fd);
      return buf.toString('utf8');
    } catch {
      return '';
    }
  }
}

/** Log lines of level warn or worse (or plain text, e.g. a crash's stack), shortened. */
export function notableLines(text: string, max = 12): string[] {
  const out: string[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    let keep = false;
    let shown = line;
    try {
      const o = JSON.parse(line) as { level?: number; msg?: string; err?: { message?: string; code?: string }; url?: string };
      keep = (o.level ?? 0) >= 40;
      shown = `${o.level === 40 ? 'WARN' : o.level === 50 ? 'ERROR' : o.level === 60 ? 'FATAL' : `L${o.level}`} ${o.msg ?? ''}${
        o.err ? ` (${o.err.code ?? ''} ${o.err.message ?? ''})` : ''
      }${o.url ? ` ${o.url}` : ''}`;
    } catch {
      keep = !line.startsWith('=====') && !/DeprecationWarning|trace-deprecation/.test(line);
    }
    if (keep) out.push(shown.length > 240 ? `${shown.slice(0, 240)}…` : shown);
  }
  // The same message many times is one line with a count.
  const counts = new Map<string, number>();
  for (const l of out) counts.set(l, (counts.get(l) ?? 0) + 1);
  return [...counts].slice(0, max).map(([l, n]) => (n > 1 ? `${n}× ${l}` : l));
}

export interface ProbeResult {
  status: number;
  ms: number;
  body: string;
}

/** One GET without keep-alive; status 0 on a network error or timeout. */
export function probe(port: number, urlPath: string, timeoutMs: number): Promise<ProbeResult> {
  const t0 = performance.now();
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: urlPath, agent: false, timeout: timeoutMs }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => {
        body += d;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - t0, body }));
      res.on('error', () => resolve({ status: 0, ms: performance.now() - t0, body }));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ status: 0, ms: performance.now() - t0, body: '' }));
  });
}
