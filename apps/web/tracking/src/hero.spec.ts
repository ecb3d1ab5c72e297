import { jest } from '@jest/globals';
import { loadPage } from './page.spec-helper.js';
import { PAUSE_AFTER_MANUAL_MS, ROTATE_MS, setupHero, type Hero } from './hero.js';

const shown = () => [...document.querySelectorAll<HTMLElement>('.hero-slide')].filter((slide) => !slide.hidden).map((slide) => Number(slide.dataset.slide));
const click = (name: string) => document.querySelector<HTMLButtonElement>(`[data-hero="${name}"]`)!.click();
const live = () => document.querySelector('.hero-slides')!.getAttribute('aria-live');

describe('hero', () => {
  let hero: Hero | null = null;

  beforeEach(() => {
    jest.useFakeTimers();
    loadPage('index');
  });

  afterEach(() => {
    hero?.stop();
    jest.useRealTimers();
  });

  it('has 4 slides, the first shown and high priority, the others lazy, each with width and height', () => {
    expect(document.querySelectorAll('.hero-slide')).toHaveLength(4);
    expect(shown()).toEqual([0]);
    const images = [...document.querySelectorAll<HTMLImageElement>('.hero-slide img')];
    expect(images.map((img) => img.getAttribute('fetchpriority') ?? img.getAttribute('loading'))).toEqual(['high', 'lazy', 'lazy', 'lazy']);
    for (const img of images) {
      expect(img.getAttribute('srcset')).toMatch(/-480\.[0-9a-f]{8}\.webp 480w, .*-960\.[0-9a-f]{8}\.webp 960w, .*-1600\.[0-9a-f]{8}\.webp 1600w$/);
      expect([img.getAttribute('width'), img.getAttribute('height'), img.alt.length > 0]).toEqual(['1600', '900', true]);
    }
  });

  it('shows the next image every 3 s and wraps around after the fourth, silently (aria-live off)', () => {
    hero = setupHero(document);
    jest.advanceTimersByTime(ROTATE_MS - 1);
    expect(shown()).toEqual([0]);
    jest.advanceTimersByTime(1);
    expect(shown()).toEqual([1]);
    jest.advanceTimersByTime(ROTATE_MS * 2);
    expect(shown()).toEqual([3]);
    jest.advanceTimersByTime(ROTATE_MS);
    expect(shown()).toEqual([0]);
    expect(live()).toBe('off');
  });

  it('previous and next wrap around, are announced, and pause the rotation for 3 s before it goes on', () => {
    hero = setupHero(document);
    jest.advanceTimersByTime(ROTATE_MS - 500); // about to rotate
    click('previous');
    expect(shown()).toEqual([3]);
    expect(live()).toBe('polite');
    // No change during the pause, nor one rotation step after... until pause + step.
    jest.advanceTimersByTime(PAUSE_AFTER_MANUAL_MS + ROTATE_MS - 1);
    expect(shown()).toEqual([3]);
    jest.advanceTimersByTime(1);
    expect(shown()).toEqual([0]);
    expect(live()).toBe('off');
    jest.advanceTimersByTime(ROTATE_MS);
    expect(shown()).toEqual([1]);

    click('next');
    click('next');
    expect(shown()).toEqual([3]);
    click('next');
    expect(shown()).toEqual([0]);
    jest.advanceTimersByTime(PAUSE_AFTER_MANUAL_MS + ROTATE_MS - 1);
    expect(shown()).toEqual([0]);
    jest.advanceTimersByTime(1);
    expect(shown()).toEqual([1]);
  });

  it('loads the next image ahead of its turn', () => {
    hero = setupHero(document);
    const images = [...document.querySelectorAll<HTMLImageElement>('.hero-slide img')];
    expect(images[1].getAttribute('loading')).toBe('eager');
    expect(images[2].getAttribute('loading')).toBe('lazy');
    jest.advanceTimersByTime(ROTATE_MS);
    expect(images[2].getAttribute('loading')).toBe('eager');
  });

  it('with prefers-reduced-motion it does not rotate by itself, and previous/next still work', () => {
    hero = setupHero(document, { reducedMotion: true });
    expect(hero?.rotating).toBe(false);
    expect(document.querySelector<HTMLButtonElement>('[data-hero="pause"]')!.hidden).toBe(true);
    jest.advanceTimersByTime(ROTATE_MS * 10);
    expect(shown()).toEqual([0]);
    click('next');
    expect(shown()).toEqual([1]);
    jest.advanceTimersByTime(ROTATE_MS * 10);
    expect(shown()).toEqual([1]);
  });

  it('holds still while keyboard focus is inside it, and goes on when focus leaves', () => {
    hero = setupHero(document);
    document.querySelector<HTMLButtonElement>('[data-hero="pause"]')!.focus();
    jest.advanceTimersByTime(ROTATE_MS * 5);
    expect(shown()).toEqual([0]);
    document.querySelector<HTMLElement>('#hero-title')!.closest('section')!.querySelector<HTMLAnchorElement>('.hero-intro a')!.focus();
    jest.advanceTimersByTime(ROTATE_MS - 1);
    expect(shown()).toEqual([0]);
    jest.advanceTimersByTime(1);
    expect(shown()).toEqual([1]);
  });

  it('a press on previous/next (which focuses the button) is a manual change with its pause, not a hold', () => {
    hero = setupHero(document);
    const next = document.querySelector<HTMLButtonElement>('[data-hero="next"]')!;
    next.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    next.focus();
    next.click();
    expect(shown()).toEqual([1]);
    jest.advanceTimersByTime(PAUSE_AFTER_MANUAL_MS + ROTATE_MS);
    expect(shown()).toEqual([2]);
    next.blur(); // focus leaving does not shorten a manual pause either
    click('previous');
    next.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    document.body.focus();
    jest.advanceTimersByTime(PAUSE_AFTER_MANUAL_MS + ROTATE_MS - 1);
    expect(shown()).toEqual([1]);
  });

  it('Pause stops the rotation and Play restarts it', () => {
    hero = setupHero(document);
    const pause = document.querySelector<HTMLButtonElement>('[data-hero="pause"]')!;
    expect(pause.hidden).toBe(false);
    pause.click();
    expect(pause.textContent).toBe('Play');
    jest.advanceTimersByTime(ROTATE_MS * 5);
    expect(shown()).toEqual([0]);
    click('next'); // manual changes while paused do not restart it
    jest.advanceTimersByTime(ROTATE_MS * 5);
    expect(shown()).toEqual([1]);
    pause.click();
    expect(pause.textContent).toBe('Pause');
    jest.advanceTimersByTime(ROTATE_MS);
    expect(shown()).toEqual([2]);
  });
});
