// Types for the server tests that import the drill's database half (apps/server/test/backup-drill.test.ts).
export interface TableFingerprint {
  rows: number;
  checksum: string;
}
export type Fingerprint = Map<string, TableFingerprint>;
export function databaseName(url: string): string;
export function withDatabase(url: string, name: string): string;
export function dumpDatabase(url: string, file: string): Promise<Fingerprint>;
export function restoreDatabase(url: string, file: string, name: string): Promise<string>;
export function fingerprintDatabase(url: string): Promise<Fingerprint>;
export function dropDatabase(url: string, name: string): Promise<void>;
export function storageKeys(url: string): Promise<Map<string, string[]>>;
export function compareFingerprints(
  source: Fingerprint,
  copy: Fingerprint,
): { tables: { table: string; sourceRows: number | null; copyRows: number | null; equal: boolean }[]; ok: boolean };
