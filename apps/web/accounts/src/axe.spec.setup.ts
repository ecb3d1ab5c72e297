import axe from 'axe-core';

/**
 * axe-core's serious and critical findings on the page as rendered in jsdom (test code). jsdom
 * has no layout, so colour contrast is left to the end-to-end check in Chromium (checkScreen).
 */
export async function axeProblems(): Promise<string[]> {
  const { violations } = await axe.run(document.body, { resultTypes: ['violations'], rules: { 'color-contrast': { enabled: false } } });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help} (${v.nodes[0]?.target.join(' ')})`);
}
