/**
 * The zod schema of a record of `querymode apply`.
 *
 * @module
 */
import { z } from 'zod';
import { queryModeBodySchema } from '../schemas/body.js';
import { ALREADY_APPLIED, APPLY_INVALID_CODES, CLIENT_ERROR_KINDS } from './apply-record.js';
import { issueSchema } from './recommend-schemas.js';

/** Which plan record: its line, and its object when the record names it. */
const where = {
  line: z.int().min(1),
  pipeline_id: z.string().exactOptional(),
  object_name: z.string().exactOptional(),
};

/** Which object: a valid plan record names it. */
const object = { line: where.line, pipeline_id: z.string(), object_name: z.string() };

/** A record of `querymode apply`: what happened to one plan record, by `status`. */
export const applyRecordSchema = z.discriminatedUnion('status', [
  z.strictObject({
    ...object,
    ok: z.literal(true),
    status: z.literal('applied'),
    http_status: z.int(),
    attempts: z.int().min(1),
  }),
  z.strictObject({
    ...object,
    ok: z.literal(true),
    status: z.literal('skipped'),
    reason: z.literal(ALREADY_APPLIED),
  }),
  z.strictObject({
    ...object,
    ok: z.literal(true),
    status: z.literal('would_apply'),
    request: z.strictObject({ method: z.literal('PUT'), path: z.string(), body: queryModeBodySchema }),
  }),
  z.strictObject({ ...object, ok: z.literal(false), status: z.literal('not_sent'), reason: z.string() }),
  z.strictObject({
    ...object,
    ok: z.literal(false),
    status: z.literal('failed'),
    error: z.strictObject({
      kind: z.enum(CLIENT_ERROR_KINDS),
      message: z.string(),
      http_status: z.int().exactOptional(),
      attempts: z.int().min(0),
      body: z.unknown().exactOptional(),
    }),
  }),
  z.strictObject({
    ...where,
    ok: z.literal(false),
    status: z.literal('invalid'),
    error: z.strictObject({
      code: z.enum(APPLY_INVALID_CODES),
      message: z.string(),
      issues: z.array(issueSchema).exactOptional(),
    }),
  }),
]);
