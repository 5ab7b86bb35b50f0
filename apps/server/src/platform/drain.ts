import type { Server, ServerResponse } from 'node:http';
import { setImmediate as nextTurn } from 'node:timers/promises';

/** Set on a response while it counts as in flight: its 'close' uncounts it once. */
const COUNTED = Symbol('drain.counted');

/**
 * The HTTP side of a graceful stop (O1): no request the server has received is cut off,
 * and no kept-alive connection is reset with a request on it.
 *
 * Node's `server.close()` (which Fastify calls right after its preClose hooks) destroys every
 * kept-alive connection that is idle at that instant. A client that had just written its next
 * request on one (a load balancer's pooled connection, a browser) got a reset instead of an
 * answer: 30 of 50 such requests in a measurement, and a reset does not say whether the
 * request ran. So here the listener still closes at once (a new connection is refused, which a
 * balancer retries elsewhere), but the open connections are kept until the last request in flight
 * is answered: a request arriving on one meanwhile gets a 503 with `Connection: close` and
 * `Retry-After` (http-hooks.ts), and only then are the connections that are still idle closed.
 */
export class Drain {
  /** True from the start of the drain: new requests are refused with a 503. */
  isClosing = false;
  private inFlight = 0;
  private onIdle: (() => void) | null = null;

  constructor(private readonly server: Server) {
    // Before Fastify's own listener: a request counts from its first moment, until its answer is
    // sent or its connection is gone ('close' comes in both cases, once). One listener for all
    // responses rather than a closure (and once()'s wrapper) per request.
    const drain = this;
    function answered(this: ServerResponse & { [COUNTED]?: boolean }) {
      if (this[COUNTED] !== true) return;
      this[COUNTED] = false;
      drain.inFlight--;
      if (drain.inFlight === 0) drain.onIdle?.();
    }
    server.prependListener('request', (_req, res: ServerResponse & { [COUNTED]?: boolean }) => {
      this.inFlight++;
      res[COUNTED] = true;
      res.on('close', answered);
    });
  }

  /** The requests being answered right now. */
  get requestsInFlight(): number {
    return this.inFlight;
  }

  /** Starts the drain (a preClose hook): returns once new requests are refused. */
  async begin(): Promise<void> {
    // A request already on the machine when the signal came is read first and served: the signal
    // is handled in the event loop's poll phase, and the sockets read after it wait for the next.
    await afterNextPoll();
    this.isClosing = true;
    // server.close(), which Fastify calls next, would destroy the idle kept-alive connections now.
    const closeIdleConnections = this.server.closeIdleConnections.bind(this.server);
    this.server.closeIdleConnections = () => {};
    void this.closeIdleWhenAnswered(closeIdleConnections);
  }

  private async closeIdleWhenAnswered(closeIdleConnections: () => void): Promise<void> {
    do {
      if (this.inFlight > 0) {
        await new Promise<void>((resolve) => {
          this.onIdle = resolve;
        });
        this.onIdle = null;
      }
      // A request that reached a kept-alive connection meanwhile is read now and answered (a 503)
      // rather than having its connection closed under it.
      await afterNextPoll();
    } while (this.inFlight > 0);
    closeIdleConnections();
  }
}

/**
 * Resolves after the event loop has polled the sockets once more: the first setImmediate ends the
 * current turn (possibly the poll phase that delivered the signal), the second runs after the next
 * poll phase has read whatever had arrived.
 */
async function afterNextPoll(): Promise<void> {
  await nextTurn();
  await nextTurn();
}
