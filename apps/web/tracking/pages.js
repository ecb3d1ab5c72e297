// The microsite's two pages as static HTML (ADR 38): src/pages/<name>.html with the shared parts
// (header, footer), the CSS inlined and the hero's images (hashed file names, srcset) filled in.
// Used by rspack.config.js to emit them and by the unit tests to load the real markup.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const src = (path) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));
const read = (path) => readFileSync(src(path), 'utf8');
const hash8 = (buffer) => createHash('sha256').update(buffer).digest('hex').slice(0, 8);

/**
 * The hero's four images (spec 01 §2, §9), drawn by tools/generate/hero-images.mjs as
 * src/images/<name>-<width>.webp at 3 widths; each is copied to images/<name>-<width>.<hash>.webp.
 */
export const HERO_IMAGES = [
  { name: 'ships', caption: 'Sea freight, LCL and FCL, on every major trade lane', alt: 'A container ship at sea under an evening sky' },
  {
    name: 'containers',
    caption: 'Containers consolidated, stuffed and de-stuffed at our yards',
    alt: 'Stacks of coloured shipping containers in a container yard',
  },
  { name: 'port', caption: 'Customs clearance and delivery from the port to your door', alt: 'Gantry cranes loading a ship at a port terminal' },
  { name: 'aircraft', caption: 'Air freight when time matters', alt: 'A cargo aircraft climbing above the clouds' },
];
const imageFiles = readdirSync(src('images'));
export const heroFiles = HERO_IMAGES.map(({ name }) => {
  const files = imageFiles
    .map((file) => ({ file, width: Number(new RegExp(`^${name}-(\\d+)\\.webp$`).exec(file)?.[1]) }))
    .filter(({ width }) => width > 0)
    .sort((a, b) => a.width - b.width)
    .map(({ file, width }) => {
      const from = src(`images/${file}`);
      return { from, to: `images/${file.replace(/\.webp$/, '')}.${hash8(readFileSync(from))}.webp`, width };
    });
  if (files.length === 0) throw new Error(`no hero image ${name}-<width>.webp in src/images: run node tools/generate/hero-images.mjs`);
  return files;
});

/** The site's icon, hashed like the rest. */
export const favicon = { from: src('images/favicon.svg'), to: `images/favicon.${hash8(readFileSync(src('images/favicon.svg')))}.svg` };

/** The hero's slides: width/height set, the first one high priority, the others lazy. */
function heroSlides() {
  return HERO_IMAGES.map((image, index) => {
    const files = heroFiles[index];
    const srcset = files.map((file) => `/site/${file.to} ${file.width}w`).join(', ');
    const fallback = files[1] ?? files[0];
    const loading = index === 0 ? 'fetchpriority="high" decoding="async"' : 'loading="lazy" decoding="async"';
    return `<div class="hero-slide" data-slide="${index}" role="group" aria-roledescription="slide" aria-label="${index + 1} of ${HERO_IMAGES.length}: ${image.caption}"${index === 0 ? '' : ' hidden'}>
          <img src="/site/${fallback.to}" srcset="${srcset}" sizes="100vw" width="1600" height="900" alt="${image.alt}" ${loading} />
          <p class="hero-caption">${image.caption}</p>
        </div>`;
  }).join('\n        ');
}

/** The pages: src/pages/*.html with the shared parts, the CSS and the hero filled in. */
export function renderPage(name) {
  const parts = {
    favicon: `<link rel="icon" href="/site/${favicon.to}" type="image/svg+xml" />`,
    'support-email': process.env.SUPPORT_EMAIL || 'support@freight.localhost',
    css: read('site.css').trim(),
    header: read('pages/_header.html').trim(),
    footer: read('pages/_footer.html').trim(),
    hero: heroSlides(),
  };
  return read(`pages/${name}.html`).replace(/<!--\s*(css|header|footer|hero|support-email|favicon)\s*-->/g, (_, part) => parts[part]);
}
