import { noQuery } from '@app/shared/platform/http';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';

type ZodValidatorCompiler = typeof zodValidatorCompiler;

/**
 * The zod validator of fastify-type-provider-zod, with one shortcut: `noQuery` (most routes' query
 * schema) accepts an empty query without running zod, and anything else still goes to zod, so a
 * stray parameter gets zod's own error (I1). Every request of G1 and G2 goes through it.
 */
export const validatorCompiler: ZodValidatorCompiler = (route) => {
  const validate = zodValidatorCompiler(route);
  if (route.schema !== noQuery) return validate;
  return (data) => {
    if (data !== null && typeof data === 'object') {
      for (const key in data) if (Object.hasOwn(data, key)) return validate(data);
      return { value: {} };
    }
    return validate(data);
  };
};
