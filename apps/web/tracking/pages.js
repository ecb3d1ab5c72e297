// The microsite's two pages as static HTML (ADR 38): src/pages/<name>.html with the shared parts
// (header, footer), the CSS inlined and the hero's images (hashed file names, srcset) filled in.
// Used by rspack.config.js to emit them and by the unit tests to load the real markup.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { companyProfileFromEnv, phoneHref } from '@freight/contracts';

const src = (path) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));
const read = (path) => readFileSync(src(path), 'utf8');
const hash8 = (buffer) => createHash('sha256').update(buffer).digest('hex').slice(0, 8);

/**
 * The hero's four images (requirements 01 §2, §9), drawn by tools/generate/hero-images.mjs as
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

const escapeHtml = (text) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The company's details (docs/adr/0044-company-profile.md): the profile of the environment the site is
 * built in (COMPANY_NAME, COMPANY_ADDRESS, COMPANY_PHONE, SUPPORT_EMAIL; the same variables and rules the
 * gateway and the e-mails read), escaped for HTML. The year is the build's; the pages' script sets the
 * visitor's current one.
 */
function companyParts(env) {
  const company = companyProfileFromEnv(env);
  return Object.fromEntries(
    Object.entries({
      'company-name': company.name,
      'company-address': company.address,
      'company-phone': company.phone,
      'company-phone-href': phoneHref(company.phone),
      'company-email': company.email,
      year: String(new Date().getFullYear()),
    }).map(([part, text]) => [part, escapeHtml(text)]),
  );
}

/** The pages: src/pages/*.html with the shared parts, the CSS, the company's details and the hero filled in. */
export function renderPage(name, env = process.env) {
  const company = companyParts(env);
  const parts = {
    favicon: `<link rel="icon" href="/site/${favicon.to}" type="image/svg+xml" />`,
    css: read('site.css').trim(),
    header: read('pages/_header.html').trim(),
    footer: read('pages/_footer.html').trim(),
    hero: heroSlides(),
  };
  // The shared parts first: the header and footer hold the company's parts.
  return read(`pages/${name}.html`)
    .replace(/<!--\s*(css|header|footer|hero|favicon)\s*-->/g, (_, part) => parts[part])
    .replace(/<!--\s*(company-[a-z-]+|year)\s*-->/g, (_, part) => company[part] ?? `<!--${part}-->`);
}
