/*
 * The landing page's hero (requirements 01 §2, §9): 4 images, the next one every 3 s, wrapping around.
 * After a manual previous or next, the rotation pauses for 3 s and then goes on at its 3 s pace
 * (the next automatic change comes 6 s after the click). With prefers-reduced-motion it does not
 * rotate by itself at all; the Pause button stops and restarts it (WCAG 2.2.2). While it rotates
 * by itself the slides' region is aria-live="off" (no announcement every 3 s); a manual change
 * makes it "polite" so the new caption is read.
 */
export const ROTATE_MS = 3000;
export const PAUSE_AFTER_MANUAL_MS = 3000;

export interface Hero {
  /** The slide on show (0-based). */
  readonly current: number;
  /** Whether it rotates by itself right now (false when reduced motion or paused). */
  readonly rotating: boolean;
  stop(): void;
}

export function setupHero(root: ParentNode, options: { reducedMotion?: boolean } = {}): Hero | null {
  const list = root.querySelector<HTMLElement>('.hero-slides');
  const slides = [...root.querySelectorAll<HTMLElement>('.hero-slide')];
  if (!list || slides.length < 2) return null;
  const previous = root.querySelector<HTMLButtonElement>('[data-hero="previous"]');
  const next = root.querySelector<HTMLButtonElement>('[data-hero="next"]');
  const pause = root.querySelector<HTMLButtonElement>('[data-hero="pause"]');
  const reducedMotion = options.reducedMotion ?? false;

  let current = Math.max(
    0,
    slides.findIndex((slide) => !slide.hidden),
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  let userPaused = false;

  const show = (index: number) => {
    current = (index + slides.length) % slides.length;
    slides.forEach((slide, i) => {
      slide.hidden = i !== current;
    });
    // The one after the shown one starts loading now, so it is ready when its turn comes.
    const upcoming = slides[(current + 1) % slides.length].querySelector('img');
    upcoming?.setAttribute('loading', 'eager');
  };

  const schedule = (delay: number) => {
    clearTimeout(timer);
    timer = undefined;
    if (reducedMotion || userPaused || focused) return;
    timer = setTimeout(() => {
      list.setAttribute('aria-live', 'off');
      show(current + 1);
      schedule(ROTATE_MS);
    }, delay);
  };

  const manual = (step: number) => {
    list.setAttribute('aria-live', 'polite');
    show(current + step);
    schedule(PAUSE_AFTER_MANUAL_MS + ROTATE_MS);
  };

  // While keyboard focus is inside the carousel it holds still (the pictures do not move under a
  // reader), and goes on when focus leaves it. A mouse or touch press on its buttons focuses them
  // too: that is a manual change (the 3 s pause), not a hold.
  const carousel = list.parentElement ?? list;
  let focused = false;
  let pressed = false;
  carousel.addEventListener('pointerdown', () => {
    pressed = true;
  });
  carousel.addEventListener('focusin', () => {
    if (pressed) {
      pressed = false;
      return;
    }
    focused = true;
    clearTimeout(timer);
    timer = undefined;
  });
  carousel.addEventListener('focusout', (event) => {
    if (!focused || carousel.contains(event.relatedTarget as Node | null)) return;
    focused = false;
    schedule(ROTATE_MS);
  });

  previous?.addEventListener('click', () => manual(-1));
  next?.addEventListener('click', () => manual(1));
  if (pause && !reducedMotion) {
    pause.hidden = false;
    pause.addEventListener('click', () => {
      userPaused = !userPaused;
      pause.textContent = userPaused ? 'Play' : 'Pause';
      schedule(ROTATE_MS);
    });
  }
  list.setAttribute('aria-live', 'off');
  show(current);
  schedule(ROTATE_MS);

  return {
    get current() {
      return current;
    },
    get rotating() {
      return timer !== undefined;
    },
    stop() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
