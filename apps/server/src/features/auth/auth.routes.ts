import {
  changePasswordInputSchema,
  checkTokenInputSchema,
  checkTokenResponseSchema,
  createPasswordInputSchema,
  currentUserResponseSchema,
  forgotPasswordInputSchema,
  localeInputSchema,
  localeResponseSchema,
  loginInputSchema,
  resetPasswordInputSchema,
} from '@app/shared/auth/auth';
import { emptyResponse, noQuery } from '@app/shared/platform/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { access } from '../../platform/access';
import { setSessionCookies, setXsrfCookie } from '../../platform/cookies';
import * as auth from './auth.service';

const tags = ['auth'];

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = app.platform.config;

  app.get(
    '/sanctum/csrf-cookie',
    {
      config: { access: access.public },
      schema: { tags, summary: 'Start a session and set XSRF-TOKEN', querystring: noQuery, response: { 204: emptyResponse } },
    },
    async (req, reply) => {
      const s = await auth.csrfSession(req.ctx);
      if (s.cookie) setSessionCookies(reply, config, s.cookie, s.csrfToken);
      else setXsrfCookie(reply, config, s.csrfToken);
      return reply.status(204).send();
    },
  );

  app.post(
    '/login',
    {
      config: { access: access.public },
      schema: { tags, summary: 'Sign in', querystring: noQuery, body: loginInputSchema, response: { 204: emptyResponse } },
    },
    async (req, reply) => {
      const s = await auth.login(req.ctx, req.body);
      setSessionCookies(reply, config, s.cookie, s.csrfToken);
      return reply.status(204).send();
    },
  );

  app.post(
    '/logout',
    {
      config: { access: access.public },
      schema: {
        tags,
        summary: 'Sign out; answers with a fresh anonymous session',
        querystring: noQuery,
        response: { 204: emptyResponse },
      },
    },
    async (req, reply) => {
      const s = await auth.logout(req.ctx);
      setSessionCookies(reply, config, s.cookie, s.csrfToken);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/user/current',
    {
      // Every page load asks (G1): the session may come from the process's memory, forgotten when
      // any process ends a session or changes an account, role or company (SessionStore.loadCached).
      // The answer only describes the caller to the app; every route that reads or writes data
      // loads the session from the database.
      config: { access: access.signedIn, sessionCache: true },
      schema: { tags, summary: 'Who is signed in', querystring: noQuery, response: { 200: currentUserResponseSchema } },
    },
    async (req) => auth.currentUser(req.ctx),
  );

  app.patch(
    '/api/user/password',
    {
      config: { access: access.signedIn },
      schema: {
        tags,
        summary: 'Change my password',
        querystring: noQuery,
        body: changePasswordInputSchema,
        response: { 204: emptyResponse },
      },
    },
    async (req, reply) => {
      await auth.changePassword(req.ctx, req.body);
      return reply.status(204).send();
    },
  );

  app.patch(
    '/api/client/disable-first-login',
    {
      config: { access: access.portal },
      schema: { tags, summary: 'Mark the welcome as seen', querystring: noQuery, response: { 204: emptyResponse } },
    },
    async (req, reply) => {
      await auth.disableFirstLogin(req.ctx);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/locale',
    {
      config: { access: access.public },
      schema: { tags, summary: 'The language to show', querystring: noQuery, response: { 200: localeResponseSchema } },
    },
    async (req) => ({ locale: auth.currentLocale(req.ctx) }),
  );

  app.patch(
    '/api/locale',
    {
      config: { access: access.public },
      schema: {
        tags,
        summary: 'Switch language',
        querystring: noQuery,
        body: localeInputSchema,
        response: { 204: emptyResponse },
      },
    },
    async (req, reply) => {
      await auth.setLocale(req.ctx, req.body.locale);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/auth/forgot-password',
    {
      config: { access: access.public },
      schema: {
        tags,
        summary: 'Request a password-reset mail (same answer whether or not the address is known)',
        querystring: noQuery,
        body: forgotPasswordInputSchema,
        response: { 202: z.object({ data: z.object({ status: z.literal('sent') }) }) },
      },
    },
    async (req, reply) => {
      await auth.forgotPassword(req.ctx, req.body);
      return reply.status(202).send({ data: { status: 'sent' as const } });
    },
  );

  app.post(
    '/api/auth/check-token',
    {
      config: { access: access.public },
      schema: {
        tags,
        summary: 'Is a reset or invitation token live',
        querystring: noQuery,
        body: checkTokenInputSchema,
        response: { 200: checkTokenResponseSchema },
      },
    },
    async (req) => ({ data: await auth.checkToken(req.ctx, req.body.token, req.body.kind) }),
  );

  app.post(
    '/api/auth/reset-password',
    {
      config: { access: access.public },
      schema: {
        tags,
        summary: 'Set a new password with a reset token',
        querystring: noQuery,
        body: resetPasswordInputSchema,
        response: { 204: emptyResponse },
      },
    },
    async (req, reply) => {
      await auth.resetPassword(req.ctx, req.body, 'reset');
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/auth/create-password',
    {
      config: { access: access.public },
      schema: {
        tags,
        summary: 'Set the first password with an invitation token',
        querystring: noQuery,
        body: createPasswordInputSchema,
        response: { 204: emptyResponse },
      },
    },
    async (req, reply) => {
      await auth.resetPassword(req.ctx, req.body, 'invite');
      return reply.status(204).send();
    },
  );
};
