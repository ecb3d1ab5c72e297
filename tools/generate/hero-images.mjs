// Draws the microsite's four hero illustrations (ships, containers, port, aircraft) on a canvas
// in headless Chromium and writes each as WebP at 3 widths into
// apps/web/tracking/src/images/<name>-<width>.webp (committed; the microsite's rspack.config.js
// hashes them, copies them and writes the srcset). Procedural and seeded: a rerun draws the same.
//
//   node tools/generate/hero-images.mjs
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { launchBrowser } from '../e2e/browser.mjs';

/** The scenes, in the hero's order (the names rspack.config.js expects), and the widths. */
const HERO_IMAGES = ['ships', 'containers', 'port', 'aircraft'];
const HERO_WIDTHS = [480, 960, 1600];
const HERO_RATIO = 16 / 9;
const OUT = fileURLToPath(new URL('../../apps/web/tracking/src/images/', import.meta.url));
/** WebP quality per width: the phone-size file stays around 20-40 KB. */
const QUALITY = { 480: 0.72, 960: 0.7, 1600: 0.66 };

/** Runs in the page: draws one scene on a width × height canvas, returns its WebP data URL. */
/* global document */
function draw({ scene, width, height, quality }) {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const g = canvas.getContext('2d');
  // Draw in a 1600 × 900 space, scaled to the width.
  const s = width / 1600;
  g.scale(s, s);
  let seed = 7 + scene.length;
  const rnd = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
  const W = 1600;
  const H = 900;

  const sky = (top, bottom) => {
    const grad = g.createLinearGradient(0, 0, 0, H);
    grad.addColorStop(0, top);
    grad.addColorStop(1, bottom);
    g.fillStyle = grad;
    g.fillRect(0, 0, W, H);
  };
  const sun = (x, y, r, color) => {
    const grad = g.createRadialGradient(x, y, r * 0.2, x, y, r);
    grad.addColorStop(0, color);
    grad.addColorStop(1, 'rgba(255,255,255,0)');
    g.fillStyle = grad;
    g.beginPath();
    g.arc(x, y, r, 0, Math.PI * 2);
    g.fill();
  };
  const sea = (y, top, bottom) => {
    const grad = g.createLinearGradient(0, y, 0, H);
    grad.addColorStop(0, top);
    grad.addColorStop(1, bottom);
    g.fillStyle = grad;
    g.fillRect(0, y, W, H - y);
    g.strokeStyle = 'rgba(255,255,255,0.18)';
    g.lineWidth = 3;
    for (let i = 0; i < 40; i++) {
      const wy = y + 10 + rnd() * (H - y);
      const wx = rnd() * W;
      g.beginPath();
      g.moveTo(wx, wy);
      g.quadraticCurveTo(wx + 30, wy - 6, wx + 60 + rnd() * 60, wy);
      g.stroke();
    }
  };
  const palette = ['#c2410c', '#1d4ed8', '#15803d', '#b91c1c', '#a16207', '#0e7490', '#6d28d9', '#334155'];
  const container = (x, y, w, h, color) => {
    g.fillStyle = color;
    g.fillRect(x, y, w, h);
    g.strokeStyle = 'rgba(0,0,0,0.25)';
    g.lineWidth = 2;
    for (let cx = x + 8; cx < x + w - 4; cx += 10) {
      g.beginPath();
      g.moveTo(cx, y + 3);
      g.lineTo(cx, y + h - 3);
      g.stroke();
    }
    g.strokeRect(x, y, w, h);
  };
  const ship = (x, y, len, stacks) => {
    // Containers on deck.
    const cw = 46;
    const ch = 26;
    for (let i = 0; i < Math.floor((len * 0.7) / cw); i++) {
      const rows = 2 + Math.floor(rnd() * stacks);
      for (let r = 0; r < rows; r++) container(x + len * 0.12 + i * cw, y - (r + 1) * ch, cw - 2, ch - 2, palette[Math.floor(rnd() * palette.length)]);
    }
    // Bridge.
    g.fillStyle = '#f1f5f9';
    g.fillRect(x + len * 0.84, y - 150, 70, 150);
    g.fillStyle = '#1e293b';
    for (let w = 0; w < 3; w++) g.fillRect(x + len * 0.84 + 8 + w * 21, y - 138, 14, 12);
    // Hull.
    g.fillStyle = '#1f2937';
    g.beginPath();
    g.moveTo(x, y);
    g.lineTo(x + len, y);
    g.lineTo(x + len - 40, y + 70);
    g.lineTo(x + 30, y + 70);
    g.closePath();
    g.fill();
    g.fillStyle = '#9f1239';
    g.fillRect(x + 26, y + 52, len - 60, 18);
  };
  const cloud = (x, y, r) => {
    g.fillStyle = 'rgba(255,255,255,0.85)';
    for (let i = 0; i < 5; i++) {
      g.beginPath();
      g.arc(x + i * r * 0.8, y + Math.sin(i) * r * 0.3, r * (0.7 + rnd() * 0.5), 0, Math.PI * 2);
      g.fill();
    }
  };
  const crane = (x, baseY, h, reach) => {
    g.strokeStyle = '#f59e0b';
    g.fillStyle = '#f59e0b';
    g.lineWidth = 10;
    g.beginPath();
    g.moveTo(x, baseY);
    g.lineTo(x, baseY - h);
    g.moveTo(x + 90, baseY);
    g.lineTo(x + 90, baseY - h);
    g.moveTo(x - 40, baseY - h);
    g.lineTo(x + reach, baseY - h);
    g.stroke();
    g.lineWidth = 5;
    for (let i = 0; i < 5; i++) {
      g.beginPath();
      g.moveTo(x, baseY - (i * h) / 5);
      g.lineTo(x + 90, baseY - ((i + 1) * h) / 5);
      g.stroke();
    }
    g.lineWidth = 3;
    g.beginPath();
    g.moveTo(x + reach * 0.7, baseY - h);
    g.lineTo(x + reach * 0.7, baseY - h * 0.45);
    g.stroke();
    container(x + reach * 0.7 - 30, baseY - h * 0.45, 60, 28, '#1d4ed8');
  };

  if (scene === 'ships') {
    sky('#0f2b53', '#f59e0b');
    sun(1200, 520, 220, 'rgba(255,214,120,0.95)');
    sea(560, '#12355b', '#071a2f');
    ship(180, 600, 1000, 3);
    ship(1250, 540, 300, 1);
  } else if (scene === 'containers') {
    sky('#7dd3fc', '#e0f2fe');
    cloud(200, 140, 50);
    cloud(1100, 110, 60);
    g.fillStyle = '#94a3b8';
    g.fillRect(0, 620, W, H - 620);
    // A back row standing on the yard further off, then the front row over it.
    for (const row of [1, 0]) {
      for (let col = row; col < 22; col += 2) {
        const rows = 2 + Math.floor(rnd() * 5);
        for (let r = 0; r < rows; r++) container(20 + col * 72, 860 - (r + 1) * 38 - row * 90, 70, 36, palette[Math.floor(rnd() * palette.length)]);
      }
    }
  } else if (scene === 'port') {
    sky('#1e3a8a', '#93c5fd');
    sun(300, 180, 120, 'rgba(255,255,255,0.8)');
    sea(640, '#1e40af', '#0b2545');
    g.fillStyle = '#475569';
    g.fillRect(0, 600, W, 40);
    crane(160, 600, 430, 520);
    crane(760, 600, 470, 520);
    ship(420, 690, 1100, 2);
  } else {
    sky('#0369a1', '#bae6fd');
    for (let i = 0; i < 9; i++) cloud(rnd() * W, 500 + rnd() * 380, 40 + rnd() * 60);
    // Aircraft, climbing to the upper right.
    g.save();
    g.translate(800, 400);
    g.rotate(-0.22);
    g.fillStyle = '#f8fafc';
    g.beginPath();
    g.ellipse(0, 0, 420, 62, 0, 0, Math.PI * 2);
    g.fill();
    g.fillStyle = '#cbd5e1';
    g.beginPath();
    g.moveTo(-40, 10);
    g.lineTo(-230, 250);
    g.lineTo(-140, 250);
    g.lineTo(120, 20);
    g.closePath();
    g.fill();
    g.beginPath();
    g.moveTo(-330, -20);
    g.lineTo(-420, -200);
    g.lineTo(-360, -200);
    g.lineTo(-260, -30);
    g.closePath();
    g.fill();
    g.fillStyle = '#0b2545';
    for (let i = -260; i < 320; i += 38) g.fillRect(i, -22, 18, 14);
    g.fillStyle = '#c2410c';
    g.fillRect(-380, 8, 760, 12);
    g.fillStyle = '#64748b';
    g.fillRect(-170, 120, 110, 44);
    g.restore();
  }
  return canvas.toDataURL('image/webp', quality);
}

const browser = await launchBrowser();
try {
  const page = await browser.newPage();
  await mkdir(OUT, { recursive: true });
  for (const name of HERO_IMAGES) {
    for (const width of HERO_WIDTHS) {
      const height = Math.round(width / HERO_RATIO);
      const url = await page.evaluate(draw, { scene: name, width, height, quality: QUALITY[width] ?? 0.7 });
      if (!url.startsWith('data:image/webp')) throw new Error(`this Chromium cannot encode WebP (${url.slice(0, 30)})`);
      const bytes = Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');
      await writeFile(`${OUT}${name}-${width}.webp`, bytes);
      process.stdout.write(`${name}-${width}.webp ${width}x${height} ${(bytes.length / 1024).toFixed(1)} KB\n`);
    }
  }
} finally {
  await browser.close();
}
