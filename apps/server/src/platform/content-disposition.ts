/**
 * The Content-Disposition of a download or an inline file (RFC 6266, with the RFC 5987 `filename*`
 * for any name): an ASCII stand-in in `filename`, every character in `filename*` (F6).
 */
export function contentDisposition(type: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
