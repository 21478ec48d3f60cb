import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError, type ErrorItem } from './http-errors.js';
import { describeDatabaseError } from './db/database-errors.js';

const send = (reply: FastifyReply, status: number, errors: ErrorItem[]) => reply.status(status).send({ errors });

/**
 * Every failure leaves in one shape. Validation problems name the field; database constraint
 * violations become 409 with a sentence; anything unexpected is logged and answered with a
 * generic 500 that never carries a stack or SQL.
 */
export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError) return send(reply, error.statusCode, error.errors);
  if (hasZodFastifySchemaValidationErrors(error)) {
    const items = error.validation.map((issue) => ({
      msg: issue.message ?? 'Invalid value',
      path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || undefined,
    }));
    return send(reply, 400, items);
  }
  const database = describeDatabaseError(error);
  if (database) return send(reply, database.status, [{ msg: database.msg, path: database.path }]);
  const status = error.statusCode ?? 500;
  if (status === 413) return send(reply, 413, [{ msg: 'The request is too large' }]);
  if (status === 414 || error.code === 'FST_ERR_BAD_URL') return send(reply, status, [{ msg: 'The address is too long or not valid' }]);
  if (status === 429) return send(reply, 429, [{ msg: error.message }]);
  if (status >= 400 && status < 500) {
    const msg = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError ? 'The request body is not valid JSON' : error.message;
    return send(reply, status, [{ msg }]);
  }
  request.log.error({ err: error }, 'unexpected error');
  return send(reply, 500, [{ msg: 'Something went wrong on the server. Nothing was saved.' }]);
}
