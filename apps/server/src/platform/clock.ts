/** The source of "now": the real clock in production, a settable one in tests (sessions, tokens). */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
