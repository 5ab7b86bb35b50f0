import { ERROR_CODES, errorStatus } from '@app/shared/platform/errors';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError, errorBody } from './errors';

const req = { id: 'req-1' } as unknown as FastifyRequest;

describe('error bodies carry a readable message (I6)', () => {
  it('every code in the shared table has an English developer message that is not the code itself', () => {
    expect(ERROR_CODES.length).toBe(Object.keys(errorStatus).length);
    const bad = ERROR_CODES.filter((code) => {
      const message = errorBody(req, new AppError(code)).message;
      return !message || message === code || message.trim().length < 5 || /^[A-Z_]+$/.test(message);
    });
    expect(bad, `codes without a readable message: ${bad.join(', ')}`).toEqual([]);
  });

  it('a message given where the error is thrown wins over the table', () => {
    const body = errorBody(req, new AppError('VALIDATION_FAILED', { message: 'Only files are accepted' }));
    expect(body).toEqual({ code: 'VALIDATION_FAILED', message: 'Only files are accepted', requestId: 'req-1' });
  });
});
