import type { FastifyPluginAsync } from 'fastify';
import { employeesRoutes } from './employees.routes';
import { rolesRoutes } from './roles.routes';
import { usersRoutes } from './users.routes';

/** Employees, roles and permissions. */
export const usersFeature: FastifyPluginAsync = async (app) => {
  await app.register(rolesRoutes);
  await app.register(employeesRoutes);
  await app.register(usersRoutes);
};
