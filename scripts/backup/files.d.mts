// Types for the server tests that import the drill's files half (apps/server/test/backup-drill.test.ts).
export interface FileFingerprint {
  size: number;
  sha256: string;
  mtimeMs: number;
}
export function backupFiles(filesDir: string, tarFile: string): Promise<boolean>;
export function restoreFiles(tarFile: string, dataDir: string): Promise<void>;
export function fingerprintFiles(dir: string): Promise<Map<string, FileFingerprint>>;
export function compareFiles(
  source: Map<string, FileFingerprint>,
  restored: Map<string, FileFingerprint>,
  since: number,
): {
  files: number;
  bytes: number;
  restoredFiles: number;
  restoredBytes: number;
  newer: number;
  gone: number;
  missing: string[];
  differing: string[];
  ok: boolean;
};
