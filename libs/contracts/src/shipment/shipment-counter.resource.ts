import { z } from 'zod/mini';
import { defineResource } from '../resource.js';

/*
 * The shipment counter (requirements 02 §3, §7; requirements decisions §3): the last job number given, for Import and
 * Export alike. The next job gets counter + 1. Head reads and sets it; setting it below the
 * highest number a job already has would give a number twice, so that is refused (409).
 */

export const CounterTexts = {
  invalid: 'Invalid counter value. Please enter a positive number.',
  fetchFailed: 'Failed to fetch shipment counter.',
  updateFailed: 'Failed to update shipment counter.',
  /** Ours. */
  updated: 'Shipment counter updated successfully',
} as const;

/** The counter's largest value: job numbers stay within a Postgres integer. */
export const COUNTER_MAX = 2_147_483_647;

/** `collides(123)`: why a value at or below the highest used number is refused. */
export const counterCollides = (highest: number) =>
  `The counter cannot be set below ${highest}: job number ${highest} is already in use, so the next job would repeat a number.`;

/** A whole number 0 or more; a form may send it as text (requirements 02 §5: else the spec's message). */
export const counterValueField = z.pipe(
  z.pipe(
    z.union([z.number(), z.string()], { error: CounterTexts.invalid }),
    z.transform((value: number | string) => (typeof value === 'string' ? (value.trim() === '' ? Number.NaN : Number(value)) : value)),
  ),
  z
    .number({ error: CounterTexts.invalid })
    .check(z.refine(Number.isInteger, CounterTexts.invalid), z.minimum(0, CounterTexts.invalid), z.maximum(COUNTER_MAX, CounterTexts.invalid)),
);

export const counterReplySchema = z.object({ counter: z.int() });
export const counterSetSchema = z.object({ newCounterValue: counterValueField });

/** `POST /api/shipmentcounter/get` and `set` (Head). */
export const shipmentCounter = defineResource({
  service: 'shipment',
  name: 'counter',
  key: 'shipmentcounter',
  area: 'shipmentCounter',
  naturalKey: 'counter',
  sortFields: ['counter'],
  searchFields: [],
  texts: {
    singular: 'shipment counter',
    plural: 'shipment counters',
    added: CounterTexts.updated,
    updated: CounterTexts.updated,
    deleted: CounterTexts.updated,
    notFound: CounterTexts.fetchFailed,
  },
  operations: {
    get: {
      method: 'POST',
      path: '/api/shipmentcounter/get',
      summary: 'The shipment counter (the last job number given)',
      action: 'read',
      reply: counterReplySchema,
      status: 200,
    },
    set: {
      method: 'POST',
      path: '/api/shipmentcounter/set',
      summary: 'Set the shipment counter; never below the highest job number in use (409)',
      action: 'write',
      body: counterSetSchema,
      reply: z.extend(counterReplySchema, { message: z.string() }),
      status: 200,
    },
  },
});
