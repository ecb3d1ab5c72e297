// The functions passed to page.evaluate run in the browser.
/* global window, document, getComputedStyle, requestAnimationFrame */
import axe from 'axe-core';

/** The widths every screen must work at: a phone (390×844) and a laptop (1366×768). */
export const PHONE = { width: 390, height: 844 };
export const LAPTOP = { width: 1366, height: 768 };

/** axe-core impacts that fail a screen. Moderate and minor ones are printed, not failed. */
const FAILING = new Set(['serious', 'critical']);

/**
 * Everything that sticks out of the viewport sideways and is not inside a box that
 * scrolls or clips (a wide table in its own scroll container is fine; a header wider
 * than the phone is not). Runs in the page.
 */
function sidewaysOverflow() {
  const width = window.innerWidth;
  const found = [];
  const { scrollWidth } = document.scrollingElement;
  if (scrollWidth > width) found.push(`the page scrolls sideways (${scrollWidth} px wide, viewport ${width} px)`);
  const clippedByAncestor = (element) => {
    for (let a = element.parentElement; a && a !== document.body; a = a.parentElement) {
      if (getComputedStyle(a).overflowX !== 'visible') return true;
    }
    return false;
  };
  // A toast that began to slide out after the screen settled is on its way, not where it stays.
  const moving = (element) => {
    for (let a = element; a && a !== document.body; a = a.parentElement) {
      if (a.getAnimations().some((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity)) return true;
    }
    return false;
  };
  for (const element of document.body.querySelectorAll('*')) {
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0 || (box.left >= -1 && box.right <= width + 1)) continue;
    if (getComputedStyle(element).visibility === 'hidden' || clippedByAncestor(element) || moving(element)) continue;
    const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    found.push(`<${element.tagName.toLowerCase()}> "${text}" spans ${Math.round(box.left)}..${Math.round(box.right)} px`);
  }
  return found.slice(0, 5);
}

async function axeViolations(page) {
  if (!(await page.evaluate(() => 'axe' in window))) {
    // Evaluated over the DevTools protocol, so the page's Content-Security-Policy does not block it.
    await page.evaluate(axe.source);
  }
  return page.evaluate(async () => {
    /** @type {typeof axe} */
    const injected = window['axe'];
    const { violations } = await injected.run(document, { resultTypes: ['violations'] });
    return violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
  });
}

/**
 * After a resize: two animation frames (layout and React's media-query hooks catch up),
 * then every finite transition and animation has ended (a sliding drawer, a fading toast),
 * so that positions and colours are final. Endless ones (a spinner) are not waited for.
 * A transition driven by React (Mantine's toasts) starts and ends its styles by timers around
 * the CSS one: a leaving toast stays slid out for a moment after its transition ends, and an
 * entering one starts a frame later. So it is asked again, a short while after, until no
 * animation is left (at most 10 rounds).
 */
const settle = (page) =>
  page.evaluate(async () => {
    const frames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const finite = () => document.getAnimations().filter((a) => a.playState !== 'finished' && a.effect?.getComputedTiming().endTime !== Infinity);
    await frames();
    for (let round = 0; round < 10; round++) {
      const running = finite();
      if (round > 0 && running.length === 0) return;
      await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
      await new Promise((resolve) => setTimeout(resolve, 150));
      await frames();
    }
  });

/**
 * Checks the screen as it is now, at both widths, and restores the viewport:
 * - nothing overflows sideways (document.scrollingElement.scrollWidth <= innerWidth, and no
 *   element outside a scroll container sticks out);
 * - when someone is signed in, Log Out is visible and inside the viewport;
 * - axe-core finds no serious or critical violation.
 * Throws one error naming the state and every problem found.
 *
 * @param {import('playwright-core').Page} page
 * @param {string} state what the screen shows, e.g. 'user list (Head)'
 */
export async function checkScreen(page, state) {
  const original = page.viewportSize();
  const problems = [];
  try {
    for (const size of [PHONE, LAPTOP]) {
      const at = `${state} at ${size.width}×${size.height}`;
      await page.setViewportSize(size);
      await settle(page);
      for (const overflow of await page.evaluate(sidewaysOverflow)) problems.push(`${at}: ${overflow}`);
      const signedIn = await page.evaluate(() => localStorage.getItem('user_login') === 'true');
      if (signedIn) {
        const logOut = page.getByRole('button', { name: 'Log Out' });
        const box = (await logOut.count()) === 1 ? await logOut.boundingBox() : null;
        if (!box || box.x < 0 || box.x + box.width > size.width || box.y < 0 || box.y + box.height > size.height) {
          problems.push(`${at}: Log Out is not visible on screen`);
        }
      }
      for (const v of await axeViolations(page)) {
        const line = `${at}: axe ${v.impact} ${v.id} (${v.help}) at ${v.targets.join(' | ')}`;
        if (FAILING.has(v.impact)) problems.push(line);
        else console.warn(line);
      }
    }
  } finally {
    if (original) await page.setViewportSize(original);
  }
  if (problems.length) throw new Error(`Screen check failed:\n${problems.join('\n')}`);
}
