import type { FastifyPluginAsync } from 'fastify';
import { filesRoutes } from './files.routes';
import { purgeUnattachedFiles } from './files.service';

/** Attachments: uploads, downloads, and the hourly removal of uploads nothing holds. */
export const filesFeature: FastifyPluginAsync = async (app) => {
  await app.register(filesRoutes);
  const p = app.platform;
  p.jobs.register(
    'files.purge',
    async () => {
      await purgeUnattachedFiles(p, p.clock());
    },
    { cron: '17 * * * *' },
  );
};
