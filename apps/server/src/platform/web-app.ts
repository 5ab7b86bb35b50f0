import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from './access';
import { AppError, sendError } from './errors';

/** Paths that belong to the API: never answered with the SPA. */
export function isApiPath(url: string): boolean {
  return url.startsWith('/api/') || url === '/api' || url.startsWith('/sanctum/') || url === '/login' || url === '/logout';
}

/**
 * Serves the built web app: hashed assets immutable and pre-compressed, every other GET that is
 * not an API path gets index.html (the SPA routes it, including its own 404 screen).
 */
export const webAppPlugin = fp(async (app: FastifyInstance, opts: { dist: string }) => {
  const dist = opts.dist;
  const hasDist = fs.existsSync(path.join(dist, 'index.html'));
  if (hasDist) {
    await app.register(fastifyStatic, {
      root: dist,
      serve: false,
      preCompressed: true,
      index: false,
      cacheControl: false,
      dotfiles: 'deny',
    });
  } else {
    app.log.warn({ dist }, 'web app not built: only the API is served (run npm run build)');
  }

  app.withTypeProvider<ZodTypeProvider>().get(
    '/assets/*',
    {
      config: { access: access.public },
      schema: {
        hide: true,
        params: z.strictObject({
          '*': z
            .string()
            .max(300)
            .regex(/^[A-Za-z0-9._-]+$/),
        }),
      },
    },
    async (req, reply) => {
      if (!hasDist) throw new AppError('ROUTE_NOT_FOUND');
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      return reply.sendFile(path.join('assets', req.params['*']));
    },
  );

  const rootFiles = hasDist ? fs.readdirSync(dist).filter((f) => /^[A-Za-z0-9._-]+\.(svg|png|ico|txt|webmanifest)$/.test(f)) : [];
  for (const file of rootFiles) {
    app.get(`/${file}`, { config: { access: access.public }, schema: { hide: true } }, async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return reply.sendFile(file);
    });
  }

  app.setNotFoundHandler(async (req: FastifyRequest, reply: FastifyReply) => {
    const url = req.url.split('?')[0] ?? '/';
    const wantsPage = (req.method === 'GET' || req.method === 'HEAD') && !isApiPath(url) && !url.startsWith('/assets/');
    if (wantsPage && hasDist) {
      reply.header('cache-control', 'no-cache');
      return reply.type('text/html; charset=utf-8').sendFile('index.html');
    }
    return sendError(req, reply, new AppError('ROUTE_NOT_FOUND'));
  });
});
