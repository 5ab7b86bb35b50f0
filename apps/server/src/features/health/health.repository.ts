import type { Database } from '../../db/client';

/** One round trip to the database: a named statement, parsed once per connection. */
export async function ping(db: Database): Promise<void> {
  await db.raw.query('SELECT 1', [], 'health');
}
