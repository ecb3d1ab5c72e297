import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

/**
 * zxcvbn's score (0–4) a password needs: 3 is "safely unguessable" (10^8 guesses or more),
 * which common and breached-style passwords, keyboard walks, sequences and repetitions miss.
 */
export const MIN_PASSWORD_SCORE = 3;

let estimator: ZxcvbnFactory | undefined;
let loading: Promise<void> | undefined;

/**
 * Load the estimator and its list of common passwords (some 400 KB) once. Servers await it
 * at start-up, so their (synchronous) validation can use it. In the browser it is a separate
 * chunk, fetched the first time a form checks a new password: the sign-in page never loads it.
 */
export function loadPasswordEstimator(): Promise<void> {
  loading ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(
    ([{ ZxcvbnFactory }, common]) => {
      // Bounded work per check (tens of ms at worst): the first 64 characters are estimated, a
      // longer password being strong when they are, with at most 12 look-alike substitutions.
      estimator = new ZxcvbnFactory({ dictionary: common.dictionary, graphs: common.adjacencyGraphs, maxLength: 64, l33tMaxSubstitutions: 12 });
    },
    (error: unknown) => {
      loading = undefined; // let a later call try again
      throw error;
    },
  );
  return loading;
}

/**
 * Whether the password is hard enough to guess. Synchronous once the estimator is loaded;
 * before that a promise that loads it, which only an async parse (the browser's form) accepts:
 * a server that forgot to load it fails loudly instead of skipping the check. Where the
 * browser cannot fetch the dictionary it leaves the verdict to the server, which has the same rule.
 */
export function isHardToGuess(password: string): boolean | Promise<boolean> {
  if (estimator) return estimator.check(password).score >= MIN_PASSWORD_SCORE;
  return loadPasswordEstimator().then(
    () => estimator!.check(password).score >= MIN_PASSWORD_SCORE,
    () => true,
  );
}
