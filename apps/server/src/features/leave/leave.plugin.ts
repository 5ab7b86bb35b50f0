import type { FastifyPluginAsync } from 'fastify';
import { followBookings } from '../hours/booking-followers';
import { leaveCardRoutes } from './card.routes';
import { collectiveLeaveRoutes } from './collective.routes';
import { leaveSettingsRoutes } from './leave-settings.routes';
import { syncBookingOvertime } from './ledger.repository';
import { leaveRequestsRoutes } from './requests.routes';
import { sickRoutes } from './sick.routes';

/**
 * Leave: its settings, requests, collective leave, sickness and the leave card. The ledger follows
 * every booking of hours (its overtime lines), in the booking's transaction.
 */
export const leaveFeature: FastifyPluginAsync = async (app) => {
  await app.register(leaveSettingsRoutes);
  await app.register(leaveRequestsRoutes);
  await app.register(collectiveLeaveRoutes);
  await app.register(sickRoutes);
  await app.register(leaveCardRoutes);
  followBookings(syncBookingOvertime);
};
