'use strict';
// The two libraries a render page loads, read once from node_modules and
// patched so that p5's own lifecycle reports to the harness through a value
// the sketch can never reach.
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

function loadLibraries() {
  const nm = path.join(__dirname, '..', 'node_modules');
  const read = (rel) => fs.readFileSync(path.join(nm, rel), 'utf8');
  const version = (pkg) => JSON.parse(read(`${pkg}/package.json`)).version;
  const lib = (urlPath, body, pkg) => ({
    path: urlPath, url: `${ORIGIN}${urlPath}`, body64: Buffer.from(body).toString('base64'), version: version(pkg),
  });
  const libs = {
    p5: lib('/lib/p5.min.js', patchP5(read('p5/lib/p5.min.js')), 'p5'),
    brush: lib('/lib/p5.brush.js', read('p5.brush/dist/p5.brush.js'), 'p5.brush'),
  };
  libs.byUrl = new Map([[libs.p5.url, libs.p5], [libs.brush.url, libs.brush]]);
  return libs;
}

module.exports = { LIFE_KEY, LibraryPatchError, ORIGIN, loadLibraries, patchP5 };
