/**
 * A private PostgreSQL cluster for the fault suite: initdb into a temporary directory, started
 * with pg_ctl on a free port of 55432-55440 (trust authentication, 127.0.0.1 only), restartable
 * under traffic and removed at the end. As root the PostgreSQL tools run as the `postgres` user
 * (initdb refuses root).
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './ports.ts';

export const DATABASE = 'outfitting';

function findBinDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const which = spawnSync('sh', ['-c', 'command -v pg_ctl'], { encoding: 'utf8' });
  const onPath = which.status === 0 ? which.stdout.trim() : '';
  if (onPath) return path.dirname(fs.realpathSync(onPath));
  for (const v of ['17', '16', '15', '14']) {
    const dir = `/usr/lib/postgresql/${v}/bin`;
    if (fs.existsSync(path.join(dir, 'pg_ctl'))) return dir;
  }
  throw new Error('pg_ctl not found: put the PostgreSQL binaries on PATH or set PG_BIN');
}

interface RunResult {
  code: number | null;
  out: string;
}

export class Cluster {
  readonly port: number;
  private readonly bin: string;
  private readonly dir: string;
  private readonly asPostgres: boolean;
  private started = false;

  private constructor(port: number, dir: string) {
    this.port = port;
    this.dir = dir;
    this.bin = findBinDir();
    this.asPostgres = process.getuid?.() === 0;
  }

  /** initdb, start, create the database. */
  static async create(opts: { maxConnections: number }): Promise<Cluster> {
    const port = await freePort(55432, 55440);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chaos-pg-'));
    const c = new Cluster(port, dir);
    try {
      if (c.asPostgres) {
        const ids = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
        const gids = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
        if (ids.status !== 0) throw new Error('running as root needs a "postgres" user to run initdb and pg_ctl');
        fs.chownSync(dir, Number(ids.stdout.trim()), Number(gids.stdout.trim()));
      }
      const init = await c.run('initdb', ['-D', c.dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync'], 60_000);
      if (init.code !== 0) throw new Error(`initdb failed:\n${init.out}`);
      fs.appendFileSync(
        path.join(c.dataDir, 'postgresql.conf'),
        [
          `port = ${port}`,
          "listen_addresses = '127.0.0.1'",
          `unix_socket_directories = '${dir}'`,
          `max_connections = ${opts.maxConnections}`,
          "log_line_prefix = '%m [%p] %a '",
          '',
        ].join('\n'),
      );
      await c.start();
      await c.query(`CREATE DATABASE ${DATABASE}`, [], 'postgres');
      return c;
    } catch (err) {
      await c.destroy();
      throw err;
    }
  }

  get dataDir(): string {
    return path.join(this.dir, 'data');
  }

  get logFile(): string {
    return path.join(this.dir, 'postgres.log');
  }

  url(db = DATABASE): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${db}`;
  }

  /** Runs a PostgreSQL tool (as postgres when we are root) without blocking the event loop. */
  private run(tool: string, args: string[], timeoutMs: number): Promise<RunResult> {
    const exe = path.join(this.bin, tool);
    const [cmd, argv] = this.asPostgres ? ['runuser', ['-u', 'postgres', '--', exe, ...args]] : [exe, args];
    return new Promise((resolve) => {
      // Its own session: a Ctrl-C in the terminal reaches this runner, which stops the cluster itself.
      const child = spawn(cmd, argv as string[], { cwd: this.dir, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
      });
      child.stderr.on('data', (d: Buffer) => {
        out += d.toString();
      });
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      child.on('error', (err) => {
        clearTimeout(timer);
        resolve({ code: -1, out: `${out}${err.message}` });
      });
      child.on('close', (code) => {
        clearTimeout(timer);
        resolve({ code, out });
      });
    });
  }

  async start(): Promise<void> {
    const r = await this.run('pg_ctl', ['-D', this.dataDir, '-l', this.logFile, '-w', '-t', '60', 'start'], 70_000);
    if (r.code !== 0) throw new Error(`pg_ctl start failed:\n${r.out}\n${this.tailLog()}`);
    this.started = true;
  }

  /**
   * pg_ctl restart -m fast: returns when the server is down (downAt, from the log's shutdown
   * request, approximated by the call) and when it accepts connections again (upAt).
   */
  async restart(): Promise<{ downAt: number; upAt: number }> {
    const downAt = Date.now();
    const r = await this.run(
      'pg_ctl',
      ['-D', this.dataDir, '-l', this.logFile, '-w', '-t', '60', '-m', 'fast', 'restart'],
      70_000,
    );
    if (r.code !== 0) throw new Error(`pg_ctl restart failed:\n${r.out}\n${this.tailLog()}`);
    // pg_ctl -w returns once the postmaster reports "ready"; confirm with a connection.
    await this.waitAccepting(10_000);
    return { downAt, upAt: Date.now() };
  }

  async waitAccepting(timeoutMs: number): Promise<void> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      try {
        await this.query('SELECT 1');
        return;
      } catch (err) {
        if (Date.now() > until) throw err;
        await new Promise((r) => setTimeout(r, 25));
      }
    }
  }

  /** pg_terminate_backend of every connection of the app processes (application_name other than ours). */
  async terminateAppConnections(): Promise<number> {
    const rows = await this.query<{ n: string }>(
      `SELECT count(*) FILTER (WHERE pg_terminate_backend(pid)) AS n FROM pg_stat_activity
        WHERE datname = $1 AND pid <> pg_backend_pid() AND backend_type = 'client backend' AND application_name <> 'chaos'`,
      [DATABASE],
    );
    return Number(rows[0]?.n ?? 0);
  }

  /** One statement on a fresh connection (the suite restarts the server, so nothing is pooled). */
  async query<T extends object = Record<string, unknown>>(sql: string, params: unknown[] = [], db = DATABASE): Promise<T[]> {
    const client = new pg.Client({
      connectionString: this.url(db),
      application_name: 'chaos',
      connectionTimeoutMillis: 5_000,
      statement_timeout: 30_000,
    });
    client.on('error', () => {});
    await client.connect();
    try {
      return (await client.query(sql, params)).rows as T[];
    } finally {
      await client.end().catch(() => {});
    }
  }

  tailLog(lines = 20): string {
    try {
      return fs.readFileSync(this.logFile, 'utf8').split('\n').slice(-lines).join('\n');
    } catch {
      return '';
    }
  }

  /** Stops the server at once and removes its directory. Safe to call more than once. */
  async destroy(): Promise<void> {
    if (this.started) {
      this.started = false;
      await this.run('pg_ctl', ['-D', this.dataDir, '-m', 'immediate', '-w', '-t', '20', 'stop'], 30_000);
    }
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
