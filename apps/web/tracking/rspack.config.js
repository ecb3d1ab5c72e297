import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';

/**
 * The public microsite (ADR 38): the landing page `/` (dist/index.html) and Track & Trace
 * `/Searchbl` (dist/searchbl.html), static HTML with the content in it, the CSS inlined, one
 * small script each; assets under `/site/` with hashed names; no federation, no UI framework.
 */
const src = (path) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));
const read = (path) => readFileSync(src(path), 'utf8');
const hash8 = (buffer) => createHash('sha256').update(buffer).digest('hex').slice(0, 8);

/**
 * The hero's four images (spec 01 §2, §9), drawn by tools/generate/hero-images.mjs as
 * src/images/<name>-<width>.webp at 3 widths; each is copied to images/<name>-<width>.<hash>.webp.
 */
const HERO_IMAGES = [
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
const heroFiles = HERO_IMAGES.map(({ name }) => {
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
const favicon = { from: src('images/favicon.svg'), to: `images/favicon.${hash8(readFileSync(src('images/favicon.svg')))}.svg` };

/** The hero's slides: width/height set, the first one high priority, the others lazy. */
function heroSlides() {
  return HERO_IMAGES.map((image, index) => {
    const files = heroFiles[index];
    const srcset = files.map((file) => `/site/${file.to} ${file.width}w`).join(', ');
    const fallback = files[1] ?? files[0];
    const loading = index === 0 ? 'fetchpriority="high" decoding="async"' : 'loading="lazy" decoding="async"';
    return `<li class="hero-slide" data-slide="${index}" role="group" aria-roledescription="slide" aria-label="${index + 1} of ${HERO_IMAGES.length}: ${image.caption}"${index === 0 ? '' : ' hidden'}>
          <img src="/site/${fallback.to}" srcset="${srcset}" sizes="100vw" width="1600" height="900" alt="${image.alt}" ${loading} />
          <p class="hero-caption">${image.caption}</p>
        </li>`;
  }).join('\n        ');
}

/** The pages: src/pages/*.html with the shared parts, the CSS and the hero filled in. */
function page(name) {
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

export default (_env, argv) => ({
  target: ['web', 'es2022'],
  entry: { home: './src/home.ts', searchbl: './src/searchbl.ts' },
  output: {
    path: fileURLToPath(new URL('./dist', import.meta.url)),
    publicPath: '/site/',
    filename: '[name].[contenthash:8].js',
    chunkFilename: '[name].[contenthash:8].js',
    clean: true,
  },
  resolve: { extensions: ['.ts', '.js'], conditionNames: ['source', 'browser', 'import', 'module', 'default'], extensionAlias: { '.js': ['.ts', '.js'] } },
  module: {
    rules: [
      {
        test: /\.ts$/,
        exclude: /node_modules/,
        loader: 'builtin:swc-loader',
        options: { jsc: { target: 'es2022', parser: { syntax: 'typescript' } } },
        type: 'javascript/auto',
      },
    ],
  },
  plugins: [
    // The contracts' password-strength estimator loads its dictionaries on demand; the microsite never
    // calls it, so they are not emitted with it (they would only sit under /site/ unused).
    new rspack.IgnorePlugin({ resourceRegExp: /^@zxcvbn-ts\// }),
    new rspack.HtmlRspackPlugin({
      templateContent: page('index'),
      filename: 'index.html',
      chunks: ['home'],
      scriptLoading: 'module',
      minify: argv.mode !== 'development',
    }),
    new rspack.HtmlRspackPlugin({
      templateContent: page('searchbl'),
      filename: 'searchbl.html',
      chunks: ['searchbl'],
      scriptLoading: 'module',
      minify: argv.mode !== 'development',
    }),
    new rspack.CopyRspackPlugin({
      patterns: [{ from: src('robots.txt'), to: 'robots.txt' }, favicon, ...heroFiles.flat().map(({ from, to }) => ({ from, to }))],
    }),
  ],
  // One script per page: each page is a first visit's only page more often than not.
  optimization: { splitChunks: false },
  devtool: argv.mode === 'development' ? 'eval-cheap-module-source-map' : 'source-map',
  performance: { hints: false },
});
