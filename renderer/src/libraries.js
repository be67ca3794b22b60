'use strict';
// The two libraries a render page loads, read once from node_modules and
// patched so that p5's own lifecycle, and what p5.brush paints, reach the
// harness through values the sketch can never reach.
//
// Why patch: p5 runs setup() inside a private method (#_start -> #_setup) and
// then calls this._draw(), a public method any sketch can call too (with a
// fake instance, or from inside its own setup before it has returned). A
// harness that reads the canvas back when _draw() is called can therefore be
// made to report SUCCESS for a sketch that then throws or hangs. With the
// patch, p5's private #_start hands the instance to the harness itself, and
// only after its own `await this.#_setup()` resolved: that call site is
// unreachable from page script, so "setup returned" is p5's word, not the
// sketch's. The hook object is passed as an argument of p5's IIFE, taken from
// window (and deleted) before any sketch code exists.
//
// Each patch names an anchor that must occur exactly once in the pinned
// library; a different p5 build fails the service at start, loudly, instead of
// rendering without the guarantee.

const fs = require('node:fs');
const path = require('node:path');

// A reserved TLD: this host can never resolve, so a request that escaped
// interception would still go nowhere.
const ORIGIN = 'https://render.invalid';
// Where the harness leaves the lifecycle hooks for p5 to take (and delete).
const LIFE_KEY = '__pp_life';

class LibraryPatchError extends Error {}

function replaceOnce(source, pattern, replacement, what) {
  const matches = source.match(new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`));
  const count = matches ? matches.length : 0;
  if (count !== 1) {
    throw new LibraryPatchError(`cannot patch ${what}: its anchor ${pattern} occurs ${count} times (expected once); `
      + 'the p5 build is not the pinned one');
  }
  return source.replace(pattern, replacement);
}

/** p5.min.js with the lifecycle hooks wired into its private start-up. */
function patchP5(source) {
  let out = source;
  // The IIFE takes the hooks as its parameter: a closure variable no page script can read.
  out = replaceOnce(out, /^var p5=function\(\)\{"use strict";/, `var p5=function(__ppLife){"use strict";`, 'p5 (IIFE head)');
  out = replaceOnce(out, /\}\(\);\s*$/,
    `}((function(){var h=window.${LIFE_KEY};delete window.${LIFE_KEY};return h;})());\n`, 'p5 (IIFE call)');
  // #_start: announce the instance, and after setup hand it to the harness's frame driver.
  out = replaceOnce(out, /async#(\w+)\(\)\{this\.hitCriticalError\|\|\(/,
    (m) => `${m.slice(0, -'this.hitCriticalError||('.length)}__ppLife.start(this),this.hitCriticalError||(`, 'p5 #_start (head)');
  out = replaceOnce(out, /await this\.#(\w+)\(\),this\.hitCriticalError\|\|this\._recording\|\|this\._draw\(\)\)\}/,
    (m, setupName) => `await this.#${setupName}(),__ppLife.afterSetup(this))}`, 'p5 #_start (after setup)');
  return out;
}

// Where the harness leaves its brush-marks hooks for p5.brush to take (and delete).
const BRUSH_KEY = '__pp_brush';

/**
 * p5.brush.js reporting what it paints to the harness's ledger of marks
 * (page/harness.js): every stamp of a stroke (its centre, radius and opacity,
 * in device pixels), every region a fill marks, every composite of a mask
 * onto its target (before and after), and every mask cleared unseen.
 */
function patchBrush(source, { maskReadFrequently = false } = {}) {
  let out = source;
  if (maskReadFrequently) {
    out = replaceOnce(out, /n\.drawingContext=n\.getContext\("2d",r\?\{willReadFrequently:!0\}:void 0\)/,
      'n.drawingContext=n.getContext("2d",{willReadFrequently:!0})', 'p5.brush create2DCanvas');
  }
  out = replaceOnce(out, /e=function\(t\)\{const e=\{a:1,b:0,c:0,d:1,x:0,y:0\};/,
    (m) => `e=function(t){const __ppBrush=(function(){var h=window.${BRUSH_KEY};delete window.${BRUSH_KEY};return h;})();${m.slice('e=function(t){'.length)}`,
    'p5.brush (factory head)');
  // A round stamp: device-pixel centre (h, u), radius l, opacity n (0-255).
  out = replaceOnce(out, /we\[s\+3\]=n\/255;const h=a\*ve,u=c\*ve;Ee=Ue\(Ee,h-l-1,u-l-1,h\+l\+1,u\+l\+1\),_e\+\+\}/,
    (m) => `${m.slice(0, -1)},__ppBrush.stamp(h,u,l,n)}`, 'p5.brush circle stamp');
  // An image-tip stamp: centre (m, d), radius g, opacity i.
  out = replaceOnce(out, /Fe\[f\+4\]=i\/255;const m=c\*ve,d=l\*ve,g=1\.42\*h\+u;Ne=Ue\(Ne,m-g-1,d-g-1,m\+g\+1,d\+g\+1\),Le\+\+\}/,
    (m) => `${m.slice(0, -1)},__ppBrush.stamp(m,d,g,i)}`, 'p5.brush image stamp');
  // A region marked in the fill mask (device pixels, clamped to the target).
  out = replaceOnce(out, /markDirtyRect\(t,e\)\{const r=mt\(e\);/,
    (m) => `${m}__ppBrush.dirty(t===this.mask?1:t===this.glMask?2:0,r);`, 'p5.brush markDirtyRect');
  out = replaceOnce(out, /clearMask\(t\)\{if\(!t\)return;/,
    (m) => `${m}__ppBrush.cleared(t===this.glMask);`, 'p5.brush clearMask');
  // A composite of a mask onto the target: phase 0 before, 1 after.
  out = replaceOnce(out, /q\.drawingContext;const n=q\.shaderProgram,i=nt\(\),o=/,
    'const n=q.shaderProgram,i=nt();__ppBrush.composite(0,e,r,!!i,q.drawingContext);const o=', 'p5.brush applyShader (before)');
  out = replaceOnce(out, /targetIsFramebuffer:s,withScissor:xt\}\),this\.clearMask\(t\)\}\}/,
    'targetIsFramebuffer:s,withScissor:xt}),__ppBrush.composite(1,e,r,s,q.drawingContext),this.clearMask(t)}}', 'p5.brush applyShader (after)');
  return out;
}

function loadLibraries({ brushMaskReadFrequently = false } = {}) {
  const nm = path.join(__dirname, '..', 'node_modules');
  const read = (rel) => fs.readFileSync(path.join(nm, rel), 'utf8');
  const version = (pkg) => JSON.parse(read(`${pkg}/package.json`)).version;
  const lib = (urlPath, body, pkg) => ({
    path: urlPath, url: `${ORIGIN}${urlPath}`, body64: Buffer.from(body).toString('base64'), version: version(pkg),
  });
  const libs = {
    p5: lib('/lib/p5.min.js', patchP5(read('p5/lib/p5.min.js')), 'p5'),
    brush: lib('/lib/p5.brush.js', patchBrush(read('p5.brush/dist/p5.brush.js'), { maskReadFrequently: brushMaskReadFrequently }), 'p5.brush'),
  };
  libs.byUrl = new Map([[libs.p5.url, libs.p5], [libs.brush.url, libs.brush]]);
  return libs;
}

module.exports = { BRUSH_KEY, LIFE_KEY, LibraryPatchError, ORIGIN, loadLibraries, patchBrush, patchP5 };
