import { DEPARTMENTS } from '../roles.js';

/** requirements decisions §2: every job is an Import or an Export job (same values as the departments). */
export const DIRECTIONS = DEPARTMENTS;
export type Direction = (typeof DIRECTIONS)[number];
/** Job number prefix by direction (requirements decisions §3): IMP-000123 / EXP-000123. */
export const JOB_NUMBER_PREFIX: Readonly<Record<Direction, string>> = { Import: 'IMP', Export: 'EXP' };
export const JOB_NUMBER_DIGITS = 6;
/** `IMP-000123` for counter 123. Numbers past 999999 keep all their digits. */
export function formatJobNumber(direction: Direction, counter: number): string {
  return `${JOB_NUMBER_PREFIX[direction]}-${String(counter).padStart(JOB_NUMBER_DIGITS, '0')}`;
}
