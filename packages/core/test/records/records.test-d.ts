/**
 * The types of the output records and their zod schemas say the same thing, both ways: what a
 * schema accepts is the type (so a line it passed enters the report typed, with no cast), and
 * every value of the type (core's Candidate, Finding, EventsEstimate, and the records the
 * builders make) is what the schema accepts. `pnpm typecheck` checks this file.
 */
import type {
  ApplyRecord,
  Candidate,
  EstimateOutput,
  EventsEstimate,
  FactQuestion,
  Finding,
  InspectRecord,
  KindCapture,
  ModeChangePlan,
  NdjsonErrorRecord,
  NdjsonRecord,
  NdjsonResultRecord,
} from '@querymode/core';
import type {
  applyRecordSchema,
  candidateSchema,
  estimateOutputSchema,
  eventsEstimateSchema,
  factQuestionSchema,
  findingSchema,
  inspectOutputSchema,
  kindCaptureSchema,
  ndjsonRecordSchema,
  planOutputSchema,
} from '@querymode/core/schemas';
import { expectTypeOf, test } from 'vitest';
import type { z } from 'zod';

/** `T` with every `readonly` dropped, deep: zod's types are mutable. */
type Mutable<T> = T extends readonly (infer E)[]
  ? Mutable<E>[]
  : T extends object
    ? { -readonly [K in keyof T]: Mutable<T[K]> }
    : T;

test('the record of recommend --ndjson: a result or an error', () => {
  expectTypeOf<z.output<typeof ndjsonRecordSchema>>().toExtend<NdjsonRecord>();
  expectTypeOf<Mutable<NdjsonRecord>>().toExtend<z.input<typeof ndjsonRecordSchema>>();
  expectTypeOf<z.output<(typeof ndjsonRecordSchema)['options'][0]>>().toExtend<NdjsonResultRecord>();
  expectTypeOf<z.output<(typeof ndjsonRecordSchema)['options'][1]>>().toExtend<NdjsonErrorRecord>();
});

test("the advice shapes are core's own", () => {
  expectTypeOf<z.output<typeof candidateSchema>>().toExtend<Candidate>();
  expectTypeOf<Mutable<Candidate>>().toExtend<z.input<typeof candidateSchema>>();
  expectTypeOf<z.output<typeof findingSchema>>().toExtend<Finding>();
  expectTypeOf<Mutable<Finding>>().toExtend<z.input<typeof findingSchema>>();
  expectTypeOf<z.output<typeof eventsEstimateSchema>>().toExtend<EventsEstimate>();
  expectTypeOf<Mutable<EventsEstimate>>().toExtend<z.input<typeof eventsEstimateSchema>>();
  expectTypeOf<z.output<typeof factQuestionSchema>>().toExtend<FactQuestion>();
  expectTypeOf<Mutable<FactQuestion>>().toExtend<z.input<typeof factQuestionSchema>>();
  expectTypeOf<z.output<typeof kindCaptureSchema>>().toExtend<KindCapture>();
  expectTypeOf<Mutable<KindCapture>>().toExtend<z.input<typeof kindCaptureSchema>>();
});

test('the other outputs: apply, inspect --json, estimate --json, plan --json', () => {
  expectTypeOf<z.output<typeof applyRecordSchema>>().toExtend<ApplyRecord>();
  expectTypeOf<Mutable<ApplyRecord>>().toExtend<z.input<typeof applyRecordSchema>>();
  expectTypeOf<z.output<typeof inspectOutputSchema>>().toExtend<InspectRecord>();
  expectTypeOf<Mutable<InspectRecord>>().toExtend<z.input<typeof inspectOutputSchema>>();
  expectTypeOf<z.output<typeof estimateOutputSchema>>().toExtend<EstimateOutput>();
  expectTypeOf<Mutable<EstimateOutput>>().toExtend<z.input<typeof estimateOutputSchema>>();
  // plan --json prints core's plan as it is.
  expectTypeOf<z.output<typeof planOutputSchema>>().toExtend<ModeChangePlan>();
  expectTypeOf<Mutable<ModeChangePlan>>().toExtend<z.input<typeof planOutputSchema>>();
});
