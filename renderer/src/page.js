'use strict';
// The render page: its HTML, its Content-Security-Policy and the only files it
// may load. Everything is served from memory by request interception on a
// made-up origin; the browser never reads a file of ours.

const fs = require('node:fs');
const path = require('node:path');
const crypto = require('node:crypto');
const { BRUSH_KEY, LIFE_KEY, ORIGIN, loadLibraries } = require('./libraries');

// Console calls beyond this are counted in the page but never sent.
const CONSOLE_CAP = 50;
// No canvas side beyond this many pixels; no more WebGL contexts than this per
// render (see the harness: both live in memory every page shares).
const MAX_CANVAS_SIDE = 4096;
const MAX_WEBGL_CONTEXTS = 4;

const HARNESS_SOURCE = fs.readFileSync(path.join(__dirname, '..', 'page', 'harness.js'), 'utf8');

/**
 * The policy: scripts only with this render's nonce (eval stays: it reaches
 * nothing the sketch could not already do); no connections, frames, workers,
 * fonts, media, forms or navigation anywhere; images only from data:/blob:
 * (p5 builds textures from them), styles only inline. `sandbox allow-scripts`
 * also forbids popups, dialogs, forms and top-level navigation, and gives the
 * document an opaque origin: no cookies, storage or IndexedDB that a later
 * sketch could read. (Keeping the origin would let the libraries come from
 * Blink's memory cache, but only while the previous render's document is still
 * alive, and then storage could not be cleared safely between two sketches.)
 */
function contentSecurityPolicy(nonce) {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}' 'unsafe-eval'`,
    "style-src 'unsafe-inline'",
    'img-src data: blob:',
    "connect-src 'none'",
    "font-src 'none'",
    "media-src 'none'",
    "object-src 'none'",
    "frame-src 'none'",
    "child-src 'none'",
    "worker-src 'none'",
    "manifest-src 'none'",
    "form-action 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    'sandbox allow-scripts',
  ].join('; ');
}

/**
 * The HTML and headers of one render. The sketch is not in it: the parser
 * stops at the gate script, and while the service holds that request it runs
 * the sketch itself (Runtime.compileScript + runScript), which is how it knows
 * the sketch's script id and reads its errors from V8 rather than the page.
 */
function renderDocument({ renderPath, seed, size, frames, loadsBrush, baseline = false, binding, libs }) {
  const nonce = crypto.randomBytes(16).toString('base64');
  const config = JSON.stringify({ seed, size, frames, brush: loadsBrush, antialias: baseline, binding, console_cap: CONSOLE_CAP,
    max_canvas_side: MAX_CANVAS_SIDE, max_webgl_contexts: MAX_WEBGL_CONTEXTS, life_key: LIFE_KEY, brush_key: BRUSH_KEY });
  const harness = `(function(){${HARNESS_SOURCE}\nppHarness(${config});})();`;
  const scripts = [
    `<script nonce="${nonce}">${harness}</script>`,
    `<script nonce="${nonce}" crossorigin="anonymous" src="${libs.p5.path}"></script>`,
    loadsBrush ? `<script nonce="${nonce}" crossorigin="anonymous" src="${libs.brush.path}"></script>` : '',
    `<script nonce="${nonce}">window.__pp_after_libs();</script>`,
    `<script nonce="${nonce}" src="${renderPath}${GATE}"></script>`,
  ];
  // The page is never painted (the canvas is read back, not screenshotted):
  // compositing a WebGL canvas costs SwiftShader a readback per frame.
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>render</title>
<style>html,body{margin:0;padding:0;background:#fff;overflow:hidden${baseline ? '' : ';visibility:hidden'}}</style>
${scripts.join('\n')}
</head><body></body></html>`;
  return {
    html,
    headers: {
      'Content-Security-Policy': contentSecurityPolicy(nonce),
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
    },
  };
}

// The script whose request the service holds while it runs the sketch.
const GATE = 'gate.js';

module.exports = { CONSOLE_CAP, GATE, MAX_WEBGL_CONTEXTS, ORIGIN, loadLibraries, renderDocument };
