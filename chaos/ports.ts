import net from 'node:net';

const claimed = new Set<number>();

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen({ port, host: '127.0.0.1', exclusive: true }, () => srv.close(() => resolve(true)));
  });
}

/** The first port in from..to that nothing listens on and this run has not handed out yet. */
export async function freePort(from: number, to: number): Promise<number> {
  for (let p = from; p <= to; p++) {
    if (claimed.has(p)) continue;
    if (await isFree(p)) {
      claimed.add(p);
      return p;
    }
  }
  throw new Error(`no free port in ${from}-${to}`);
}
