import type { FastifyReply } from 'fastify';
import type { Config } from '../config';

export const XSRF_COOKIE = 'XSRF-TOKEN';

/** The session cookie is __Host- prefixed whenever it can be Secure (S8). */
export function sessionCookieName(config: Pick<Config, 'cookieSecure'>): string {
  return config.cookieSecure ? '__Host-sid' : 'sid';
}

function base(config: Config) {
  return {
    path: '/',
    sameSite: 'lax' as const,
    secure: config.cookieSecure,
    maxAge: config.session.absoluteHours * 3600,
  };
}

/** Sets the HttpOnly session cookie and the JS-readable XSRF-TOKEN with the same attributes (S8, S9). */
export function setSessionCookies(reply: FastifyReply, config: Config, cookie: string, csrfToken: string): void {
  reply.setCookie(sessionCookieName(config), cookie, { ...base(config), httpOnly: true });
  setXsrfCookie(reply, config, csrfToken);
}

export function setXsrfCookie(reply: FastifyReply, config: Config, csrfToken: string): void {
  reply.setCookie(XSRF_COOKIE, csrfToken, { ...base(config), httpOnly: false });
}
