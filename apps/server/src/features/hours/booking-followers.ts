import type { DbOrTx } from '../../db/client';

/**
 * What must follow the write of a booking in its own transaction: a feature that keeps figures
 * derived from booked hours registers it from its plugin (the leave ledger's overtime lines,
 * features/leave/leave.plugin.ts). So hours names no feature that depends on it: leave imports
 * hours, never the other way round.
 */
export type BookingFollower = (tx: DbOrTx, bookedHourId: number) => Promise<void>;

const followers = new Set<BookingFollower>();

/** Registers a follower (once, however many apps a process builds). */
export function followBookings(follower: BookingFollower): void {
  followers.add(follower);
}

/** Runs every follower for the booking just created or changed (its person's row is locked by the caller). */
export async function bookingWritten(tx: DbOrTx, bookedHourId: number): Promise<void> {
  for (const follow of followers) await follow(tx, bookedHourId);
}
