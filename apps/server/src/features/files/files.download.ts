import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { contentDisposition } from '../../platform/content-disposition';
import { rangeOf } from '../../platform/http-range';
import type { OpenedFile } from './files.service';

/**
 * Answers a stored file as a download: always an attachment with `nosniff` and a sandbox, never
 * cached, one byte range (206/416) when asked, HEAD without the bytes. Used by GET /api/files/:id
 * and by every other route that hands out a stored file (the payroll exports).
 */
export function sendDownload(req: FastifyRequest, reply: FastifyReply, file: OpenedFile): FastifyReply {
  const type = file.mime.startsWith('text/') && !file.mime.includes('charset') ? `${file.mime}; charset=utf-8` : file.mime;
  reply
    .header('accept-ranges', 'bytes')
    .header('etag', file.etag)
    .header('content-disposition', contentDisposition('attachment', file.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, no-store');
  const range = rangeOf(req.headers, file.size, file.etag);
  // HEAD (Fastify answers it with the GET handler) says the same without reading the bytes.
  const body = (r?: { start: number; end: number }) => (req.method === 'HEAD' ? Readable.from([]) : file.read(r));
  if (range.kind === 'unsatisfiable') {
    return reply.status(416).header('content-range', `bytes */${file.size}`).send();
  }
  reply.header('content-type', type);
  if (range.kind === 'partial') {
    return reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
      .header('content-length', String(range.end - range.start + 1))
      .send(body({ start: range.start, end: range.end }));
  }
  reply.header('content-length', String(file.size));
  return reply.send(body());
}
