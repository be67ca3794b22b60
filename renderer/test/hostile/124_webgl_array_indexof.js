// 124 WebGL contexts past the cap by patching the list lookup:
// Array.prototype.indexOf / includes answer "not found" for the WebGL kinds
// (a wrapper that looks the kind up in an array then lets it through), eight
// webgl contexts are made, and the built-ins are put back.
// Containment: BLOCKED.
'use strict';

module.exports = {
  expect: ['BLOCKED'],
  code: String.raw`
const pp_keep = [];
function setup() {
  createCanvas(100, 100);
  background(0, 200, 0);
  const indexOf = Array.prototype.indexOf;
  const includes = Array.prototype.includes;
  const hidden = (x) => x === 'webgl' || x === 'webgl2' || x === 'experimental-webgl';
  Array.prototype.indexOf = function (x) { return hidden(x) ? -1 : indexOf.apply(this, arguments); };
  Array.prototype.includes = function (x) { return hidden(x) ? false : includes.apply(this, arguments); };
  try {
    for (let i = 0; i < 8; i++) pp_keep.push(document.createElement('canvas').getContext(i % 2 ? 'webgl2' : 'webgl'));
  } finally {
    Array.prototype.indexOf = indexOf;
    Array.prototype.includes = includes;
  }
  console.log('webgl contexts: ' + pp_keep.filter((g) => g && typeof g.clearColor === 'function').length);
}
`,
};
