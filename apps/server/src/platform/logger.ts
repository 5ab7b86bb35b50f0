import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config';
import { scrubUrl } from './scrub';

/**
 * pino options: JSON in UTC, secrets redacted by path (L3), URLs scrubbed of token-like query
 * values. pino escapes control characters, so input cannot forge a log line (L4).
 */
export function loggerOptions(config: Pick<Config, 'logLevel'>): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    timestamp: () => `,"time":"${new Date().toISOString()}"`,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers["x-xsrf-token"]',
        'req.headers["x-csrf-token"]',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        'password',
        '*.password',
        'token',
        '*.token',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string }) => ({ method: req.method, url: scrubUrl(req.url) }),
    },
  };
}
