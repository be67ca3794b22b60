#!/usr/bin/env node
'use strict';
// What the `sketch` stage of a render is made of (`paint-pipeline bench render-phases` measures the stages).
//
// Runs the first N benchmark-corpus sketches on a fresh page each, in the renderer's own browser
// (same switches, same sandbox), at two resolutions, and times the browser calls p5.brush makes
// from inside the sketch by wrapping their prototypes in the page:
//
//   mask flush   OffscreenCanvas 2D drawImage: p5.brush copies its fill mask to upload it, which
//                makes Skia rasterize everything recorded since the last copy: each watercolour layer
//                (a deformed polygon, filled and stroked) and the circles that erase its texture
//   mask paths   OffscreenCanvas 2D fill() and stroke(): recording those shapes
//   upload       WebGL texSubImage2D of the mask into the blend shader's texture
//   other js     the rest of setup(): p5.brush's own JavaScript and the other GL calls
//
// Only setup() is timed: the GPU stage and the rest are render_phases.py's, measured on the service's
// own page. A diagnostic, not the service: the corpus is trusted, so this page has no harness and no CSP.
// Wrapping fill() and stroke() costs a little per call (included in `mask paths`).
//
//   paint-pipeline bench canvas-ops [--limit N] [--sizes 256,600]
//   (or: node paint_pipeline/benchmarks/render_canvas_ops.js [--limit N] [--sizes 256,600])

const fs = require('node:fs');
const path = require('node:path');
const { launchBrowser } = require('../../renderer/src/browser');
const { loadConfig } = require('../../renderer/src/config');

const ROOT = path.join(__dirname, '..', '..');
const CORPUS = path.join(ROOT, 'data', 'sketches', 'bench');
const NM = path.join(ROOT, 'renderer', 'node_modules');

function parseArgs(argv) {
  const args = { limit: 16, sizes: [256, 600] };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--limit') args.limit = Number(argv[++i]);
    else if (argv[i] === '--sizes') args.sizes = argv[++i].split(',').map(Number);
    else throw new Error(`unknown argument ${argv[i]} (usage: --limit N --sizes 256,600)`);
  }
  if (!(args.limit >= 1) || args.sizes.some((s) => !(s >= 16))) throw new Error('--limit >= 1 and sizes >= 16 px');
  return args;
}

// Runs in the page before the libraries: wraps the browser calls to time.
function instrument() {
  const t = { flush: 0, paths: 0, upload: 0, flushes: 0, fills: 0, strokes: 0 };
  window.__ops = t;
  const wrap = (proto, name, key, count) => {
    const f = proto[name];
    proto[name] = function (...a) {
      const t0 = performance.now();
      try { return f.apply(this, a); } finally { t[key] += performance.now() - t0; if (count) t[count]++; }
    };
  };
  wrap(OffscreenCanvasRenderingContext2D.prototype, 'drawImage', 'flush', 'flushes');
  wrap(OffscreenCanvasRenderingContext2D.prototype, 'fill', 'paths', 'fills');
  wrap(OffscreenCanvasRenderingContext2D.prototype, 'stroke', 'paths', 'strokes');
  wrap(WebGL2RenderingContext.prototype, 'texSubImage2D', 'upload');
}

// Runs after the libraries: as the service does, the longer side gets `size` pixels and the sketch
// keeps its own units.
function fixDensity(size) {
  const cc = p5.prototype.createCanvas;
  p5.prototype.createCanvas = function (w, h, ...rest) {
    const out = cc.call(this, w, h, ...rest);
    this.pixelDensity(size / Math.max(w, h));
    return out;
  };
}

function pageHtml(code, size, seed, libs) {
  const timeSetup = `;(function(){const s=window.setup;const ops=window.__ops;
window.setup=function(){randomSeed(${seed});noiseSeed(${seed});const t0=performance.now();s();
ops.setup=performance.now()-t0;window.__done=true;noLoop();};})();`;
  return `<!doctype html><html><body><script>(${instrument})();</script>` +
    `<script>${libs.p5}</script><script>${libs.brush}</script><script>(${fixDensity})(${size});</script>` +
    `<script>${code}\n${timeSetup}</script></body></html>`;
}

async function renderOne(browser, code, size, seed, libs) {
  const page = await browser.newPage();
  try {
    await page.setContent(pageHtml(code, size, seed, libs));
    await page.waitForFunction('window.__done === true', { timeout: 120000 });
    return await page.evaluate(() => window.__ops);
  } finally {
    await page.close();
  }
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const libs = {
    p5: fs.readFileSync(path.join(NM, 'p5', 'lib', 'p5.min.js'), 'utf8'),
    brush: fs.readFileSync(path.join(NM, 'p5.brush', 'dist', 'p5.brush.js'), 'utf8'),
  };
  const sketches = fs.readdirSync(CORPUS).filter((f) => f.endsWith('.js')).sort().slice(0, args.limit)
    .map((f) => [f, fs.readFileSync(path.join(CORPUS, f), 'utf8')]);
  const cfg = loadConfig([], process.env);
  const { browser, close } = await launchBrowser({ ...cfg, poolSize: 1 });
  const means = {};
  try {
    // One render first, not counted: the first page of a browser pays for its caches.
    await renderOne(browser, sketches[0][1], args.sizes[0], 0, libs);
    for (const size of args.sizes) {
      const sum = { setup: 0, flush: 0, paths: 0, upload: 0, flushes: 0, fills: 0, strokes: 0 };
      for (const [i, [f, code]] of sketches.entries()) {
        const r = await renderOne(browser, code, size, i, libs);
        for (const k of Object.keys(sum)) sum[k] += r[k] / sketches.length;
        process.stderr.write(`${size} px ${f}: setup ${r.setup.toFixed(0)} ms, mask flush ${r.flush.toFixed(0)} ms\n`);
      }
      means[size] = { ...sum, other: sum.setup - sum.flush - sum.paths - sum.upload };
    }
  } finally {
    await close();
  }
  const rows = [['mask flush', 'flush'], ['mask paths', 'paths'], ['upload', 'upload'], ['other js', 'other'],
    ['setup()', 'setup']];
  const [a, b] = args.sizes;
  console.log(`mean ms of setup() per render, fresh page, ${sketches.length} corpus sketches`);
  console.log(['part'.padEnd(14), ...args.sizes.map((s) => `${s} px`.padStart(10)), b ? `${b}/${a}`.padStart(9) : ''].join(''));
  for (const [label, k] of rows) {
    const cells = args.sizes.map((s) => means[s][k].toFixed(1).padStart(10));
    const ratio = b ? (means[b][k] / means[a][k]).toFixed(2).padStart(9) : '';
    console.log(label.padEnd(14) + cells.join('') + ratio);
  }
  for (const s of args.sizes) {
    const m = means[s];
    console.log(`${s} px: ${m.flushes.toFixed(0)} mask flushes, ${m.fills.toFixed(0)} fills, ${m.strokes.toFixed(0)} strokes per sketch; ` +
      `mask flush + paths = ${((100 * (m.flush + m.paths)) / m.setup).toFixed(0)}% of setup()`);
  }
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
