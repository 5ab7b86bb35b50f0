/**
 * A small round-robin HTTP balancer for the fault suite, in its own process (started by run.ts
 * with fork, so the load never shares its event loop):
 *
 *   BALANCER_PORT=3100 BACKENDS=3101,3102 node --import tsx chaos/balancer.ts
 *
 * - forwards with node:http over keep-alive agents, adding X-Forwarded-For and an `x-backend`
 *   header (the port that answered, or `none`) to every answer;
 * - health-checks GET /api/health/live on every backend every second (1 s timeout): down after 2
 *   failures in a row, up again after 1 success;
 * - retries once on another backend when a backend could not be reached: any method when the
 *   connection was refused (nothing was sent), GET/HEAD also when it was reset before an answer.
 *   A POST cut off after it was sent is never retried (it may have been applied): that is a 502;
 * - answers 503 with Retry-After: 1 when no backend is up.
 *
 * Like nginx or HAProxy in their plain configuration; it knows nothing about the app.
 */
import http from 'node:http';

const PORT = Number(process.env.BALANCER_PORT ?? 3100);
const BACKENDS = (process.env.BACKENDS ?? '3101,3102').split(',').map(Number);
const CHECK_MS = 1000;
const DOWN_AFTER = 2;
const UP_AFTER = 1;
const UPSTREAM_TIMEOUT_MS = 60_000;
const MAX_BODY = 32 * 1024 * 1024;

interface Backend {
  port: number;
  up: boolean;
  fails: number;
  oks: number;
  agent: http.Agent;
}

export type BalancerMessage =
  | { type: 'ready'; port: number }
  | { type: 'state'; backend: number; up: boolean; at: number; reason: string }
  | { type: 'stats'; stats: BalancerStats };

export interface BalancerStats {
  requests: number;
  retried: number;
  badGateway: number;
  noBackend: number;
}

const backends: Backend[] = BACKENDS.map((port) => ({
  port,
  up: false,
  fails: 0,
  oks: 0,
  agent: new http.Agent({ keepAlive: true, maxSockets: 256, keepAliveMsecs: 1000 }),
}));
const stats: BalancerStats = { requests: 0, retried: 0, badGateway: 0, noBackend: 0 };
let next = 0;

function tell(msg: BalancerMessage): void {
  if (process.send) process.send(msg);
  else console.log(JSON.stringify(msg));
}

function pick(exclude: Backend | null): Backend | null {
  for (let i = 0; i < backends.length; i++) {
    const b = backends[next++ % backends.length] as Backend;
    if (b.up && b !== exclude) return b;
  }
  return null;
}

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'proxy-authorization',
  'proxy-authenticate',
]);

function strip(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const out: http.OutgoingHttpHeaders = {};
  for (const [k, v] of Object.entries(headers)) if (v !== undefined && !HOP_BY_HOP.has(k)) out[k] = v;
  return out;
}

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) req.destroy(new Error('body too large'));
      else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function sendError(res: http.ServerResponse, status: number, backend: string, code: string, message: string): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = JSON.stringify({ code, message, requestId: 'balancer' });
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
    'x-backend': backend,
    ...(status === 503 ? { 'retry-after': '1' } : {}),
  });
  res.end(body);
}

const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS']);

function forward(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer, tried: Backend | null): void {
  const b = pick(tried);
  if (!b) {
    if (tried) {
      stats.badGateway++;
      sendError(res, 502, String(tried.port), 'BAD_GATEWAY', 'the backend could not be reached and no other is up');
    } else {
      stats.noBackend++;
      sendError(res, 503, 'none', 'SERVICE_UNAVAILABLE', 'no backend is up');
    }
    return;
  }
  const headers = strip(req.headers);
  const xff = req.headers['x-forwarded-for'];
  headers['x-forwarded-for'] = xff ? `${xff}, ${req.socket.remoteAddress}` : (req.socket.remoteAddress ?? '');
  headers['x-forwarded-proto'] = 'http';
  if (body.length || !IDEMPOTENT.has(req.method ?? 'GET')) headers['content-length'] = body.length;
  let answered = false;
  const up = http.request({
    host: '127.0.0.1',
    port: b.port,
    method: req.method,
    path: req.url,
    headers,
    agent: b.agent,
    timeout: UPSTREAM_TIMEOUT_MS,
  });
  up.on('response', (ur) => {
    answered = true;
    res.writeHead(ur.statusCode ?? 502, { ...strip(ur.headers), 'x-backend': String(b.port) });
    ur.pipe(res);
    ur.on('aborted', () => res.destroy());
    ur.on('error', () => res.destroy());
  });
  up.on('timeout', () => up.destroy(Object.assign(new Error('upstream timeout'), { code: 'ETIMEDOUT' })));
  up.on('error', (err: NodeJS.ErrnoException) => {
    if (answered) {
      res.destroy();
      return;
    }
    const code = err.code ?? '';
    const retry =
      !tried &&
      (code === 'ECONNREFUSED' || (IDEMPOTENT.has(req.method ?? 'GET') && ['ECONNRESET', 'EPIPE', 'ETIMEDOUT'].includes(code)));
    if (retry) {
      stats.retried++;
      forward(req, res, body, b);
      return;
    }
    stats.badGateway++;
    sendError(res, 502, String(b.port), 'BAD_GATEWAY', `backend ${b.port}: ${code || err.message}`);
  });
  up.end(body);
}

const server = http.createServer((req, res) => {
  stats.requests++;
  // The client went away: nothing to answer.
  res.on('error', () => {});
  readBody(req).then(
    (body) => forward(req, res, body, null),
    () => res.destroy(),
  );
});
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;

function check(b: Backend): void {
  const req = http.get({ host: '127.0.0.1', port: b.port, path: '/api/health/live', agent: false, timeout: CHECK_MS }, (res) => {
    res.resume();
    res.on('end', () => result(b, res.statusCode === 200, `HTTP ${res.statusCode}`));
    res.on('error', () => result(b, false, 'response error'));
  });
  req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })));
  req.on('error', (err: NodeJS.ErrnoException) => result(b, false, err.code ?? err.message));
}

function result(b: Backend, ok: boolean, reason: string): void {
  if (ok) {
    b.fails = 0;
    b.oks++;
    if (!b.up && b.oks >= UP_AFTER) {
      b.up = true;
      tell({ type: 'state', backend: b.port, up: true, at: Date.now(), reason });
    }
  } else {
    b.oks = 0;
    b.fails++;
    if (b.up && b.fails >= DOWN_AFTER) {
      b.up = false;
      tell({ type: 'state', backend: b.port, up: false, at: Date.now(), reason });
    }
  }
}

setInterval(() => {
  for (const b of backends) check(b);
}, CHECK_MS);
for (const b of backends) check(b);

process.on('message', (m: { type?: string }) => {
  if (m?.type === 'stats') tell({ type: 'stats', stats: { ...stats } });
});
// The runner going away ends the balancer too.
process.on('disconnect', () => process.exit(0));

server.listen(PORT, '127.0.0.1', () => tell({ type: 'ready', port: PORT }));
