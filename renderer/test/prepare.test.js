'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const vm = require('node:vm');
const { prepareSketch, tokenize, referencedIdentifiers } = require('../src/prepare');

// Compiles without running: the same check the renderer's parse step relies on.
function parses(code) {
  try {
    new vm.Script(code); // eslint-disable-line no-new
    return true;
  } catch {
    return false;
  }
}
const types = (code, type) => tokenize(code).tokens.filter((t) => t.type === type).map((t) => t.value);
const regexes = (code) => types(code, 'regex');

const VALID = `let angle = 0;
function setup() {
  createCanvas(400, 400);
  noStroke();
}
function draw() {
  background(220, 10);
  const r = 100 + 50 * sin(angle / 2);
  fill(\`hsl(\${(frameCount * 2) % 360}, 80%, 60%)\`);
  circle(width / 2, height / 2, r);
  angle += 0.05;
}
`;

// Truncate `full` at the first occurrence of `marker` (kept) and expect these closers.
function truncatedCase(full, cutAfter, closers) {
  const cut = full.slice(0, full.indexOf(cutAfter) + cutAfter.length);
  const res = prepareSketch(cut);
  assert.equal(res.closedDelimiters, closers, `closers for ${JSON.stringify(cut)}`);
  assert.equal(res.code, cut + closers);
  assert.equal(res.onlyTruncationRepairs, true);
  assert.equal(res.repairs.length, 1);
  assert.match(res.repairs[0], /^closed delimiters left open at end of input \(truncation\): appended /);
  assert.ok(parses(res.code), `repaired code should parse:\n${res.code}`);
  return res;
}

// ---------------------------------------------------------------- lexer: strings, templates, comments

test('strings containing brackets and comment markers do not open anything', () => {
  const code = 'const s = "({[ // /* ";\nconst t = \'])} */ `\';';
  const lex = tokenize(code);
  assert.deepEqual(lex.openStack, []);
  assert.equal(lex.unterminated, null);
  assert.deepEqual(types(code, 'comment'), []);
  assert.equal(prepareSketch(code).code, code);
});

test('escaped quotes and escaped backslashes inside strings', () => {
  const code = 'let a = "say \\"hi\\" (";\nlet b = \'it\\\'s [\';\nlet c = "\\\\"; f(c)';
  const lex = tokenize(code);
  assert.deepEqual(types(code, 'string'), ['"say \\"hi\\" ("', "'it\\'s ['", '"\\\\"']);
  assert.deepEqual(lex.openStack, []);
  assert.equal(lex.mismatch, null);
});

test('template literal with nested template and braces inside ${}', () => {
  const code = 'const s = `outer ${ `inner ${a}` } and ${ {k: "}"}.k } ${ fn({x: [1, 2]}) }`;';
  const lex = tokenize(code);
  assert.deepEqual(lex.openStack, []);
  assert.equal(lex.unterminated, null);
  assert.equal(lex.mismatch, null);
  assert.deepEqual(prepareSketch(code).repairs, []);
  assert.ok(parses(code));
});

test('template literal parts with brackets and comment markers are literal text', () => {
  const code = 'let t = `( [ { // /* \\` ${x}`; y();';
  const lex = tokenize(code);
  assert.deepEqual(lex.openStack, []);
  assert.deepEqual(types(code, 'comment'), []);
});

test('comments containing brackets and quotes are ignored', () => {
  const code = '// ( [ { " \'\nfunction f() { /* ) } ` */ return 1; }\n/* { */';
  const lex = tokenize(code);
  assert.deepEqual(lex.openStack, []);
  assert.equal(types(code, 'comment').length, 3);
  assert.equal(prepareSketch(code).code, code);
});

test('tokens carry type, value, start, end and line', () => {
  const code = 'let x = 1;\n// note\nfoo("s")';
  const t = tokenize(code).tokens;
  assert.deepEqual(t.map((k) => k.type),
    ['keyword', 'identifier', 'punct', 'number', 'punct', 'comment', 'identifier', 'punct', 'string', 'punct']);
  const foo = t.find((k) => k.value === 'foo');
  assert.equal(foo.line, 3);
  assert.equal(code.slice(foo.start, foo.end), 'foo');
});

test('numbers: decimals, exponents, hex, bigint, 1..toString', () => {
  assert.deepEqual(types('a = 1.5e-3 + 0x1F + .5 + 10n + 1_000', 'number'), ['1.5e-3', '0x1F', '.5', '10n', '1_000']);
  const t = tokenize('1..toString()').tokens.map((k) => k.value);
  assert.deepEqual(t, ['1.', '.', 'toString', '(', ')']);
});

// ---------------------------------------------------------------- lexer: regex vs division

test('a / b / c is division', () => {
  assert.deepEqual(regexes('x = a / b / c;'), []);
  assert.deepEqual(types('x = a / b / c;', 'punct').filter((v) => v === '/'), ['/', '/']);
});

test('regex class may contain a slash: x = /[/]/g.test(s)', () => {
  assert.deepEqual(regexes('x = /[/]/g.test(s);'), ['/[/]/g']);
  assert.deepEqual(tokenize('x = /[/]/g.test(s);').openStack, []);
});

test('return /}/ is a regex, its brace is not a closer', () => {
  const code = 'function f() { return /}/.test(s); }';
  assert.deepEqual(regexes(code), ['/}/']);
  assert.equal(tokenize(code).mismatch, null);
  assert.deepEqual(tokenize(code).openStack, []);
});

test(')/2 and ]/2 are division', () => {
  assert.deepEqual(regexes('y = f(x)/2 + a[0]/2 + this/2 + n++/2;'), []);
});

test('}/ after a block starts a regex; after an object literal it divides', () => {
  assert.deepEqual(regexes('if (a) {}\n/re/.test(s);'), ['/re/']);
  assert.deepEqual(regexes('y = {a: 1} / 2 / 3;'), []);
  assert.deepEqual(regexes('y = ({a: {b: 1}} / 2);'), []);
});

test('regex after keywords and operators', () => {
  assert.deepEqual(regexes('typeof /a/; case /b/: x = !/c/.test(s) || /d/; if (z) /e/.test(q)'),
    ['/a/', '/b/', '/c/', '/d/', '/e/']);
  assert.deepEqual(regexes('for (const m of /x/g.exec(s)) {}'), ['/x/g']);
});

test('property names that are keywords do not start a regex: a.default / 2', () => {
  assert.deepEqual(regexes('v = a.default / 2 / b.this;'), []);
  assert.equal(tokenize('a.default').tokens[2].type, 'identifier');
});

test('/= after an operand is an operator, a failed regex guess re-lexes as division', () => {
  assert.deepEqual(regexes('x /= 2;'), []);
  const lex = tokenize('a = (b\n) / 3;');
  assert.equal(lex.mismatch, null);
  assert.equal(lex.unterminated, null);
});

// ---------------------------------------------------------------- truncation repairs

test('truncation in the middle of a function body', () => {
  truncatedCase(VALID, 'circle(width / 2, height / 2, r);', '}');
  truncatedCase(VALID, 'circle(width / 2', ')}');
});

test('truncation inside nested blocks and arrays', () => {
  truncatedCase('function draw() {\n  for (let i = 0; i < 3; i++) {\n    pts.push([i, [1, 2', '[1, 2', ']])}}');
});

test('truncation inside a string', () => {
  truncatedCase('function draw() {\n  text("hello wor', 'hello wor', '")}');
  truncatedCase("function draw() {\n  fill('#ff", "'#ff", "')}");
});

test('truncation inside a template literal and inside its ${} expression', () => {
  truncatedCase('function draw() {\n  fill(`hsl(${hue}, 50', '50', '`)}');
  truncatedCase('function draw() {\n  fill(`hsl(${(hue + 1', '1', ')}`)}');
  truncatedCase('const s = `a ${ `b ${cc', 'cc', '}`}`');
});

test('truncation inside a block comment', () => {
  truncatedCase('function draw() {\n  /* a comment ( with [ brackets', 'brackets', '*/}');
});

test('truncation inside a line comment puts closers on a new line', () => {
  const res = truncatedCase('function draw() {\n  circle(1, 2, 3); // big {', '// big {', '\n}');
  assert.ok(res.code.endsWith('// big {\n}'));
});

test('truncation inside a regex (and inside its class)', () => {
  truncatedCase('function f(s) {\n  return s.replace(/ab+c', 'ab+c', '/)}');
  truncatedCase('function f(s) {\n  return s.split(/[,;', '[,;', ']/)}');
});

test('truncation with braces in strings and regexes before the cut', () => {
  truncatedCase('function f() {\n  const s = "}}}";\n  const r = /\\}/;\n  if (s) {\n    g(', 'g(', ')}}');
});

test('cut right after a backslash, or after a lone regex slash, is not repaired', () => {
  for (const code of ['let s = "abc\\', 'let t = `x\\', 'let r = /a\\', 'function f() { x = /']) {
    const res = prepareSketch(code);
    assert.equal(res.code, code);
    assert.equal(res.closedDelimiters, '');
    assert.deepEqual(res.repairs, []);
  }
});

test('tokenize reports openStack and unterminated kinds', () => {
  assert.deepEqual(tokenize('f({a: [1, `x${').openStack, ['(', '{', '[', '`', '${']);
  assert.equal(tokenize('"abc').unterminated, 'string');
  assert.equal(tokenize('`abc').unterminated, 'template');
  assert.equal(tokenize('/* abc').unterminated, 'block-comment');
  assert.equal(tokenize('x = /abc').unterminated, 'regex');
  assert.equal(tokenize('f(`a${b}`)').unterminated, null);
});

// ---------------------------------------------------------------- mismatches are never repaired

test('mismatched closer is reported and the code left unchanged', () => {
  const code = 'function draw() {\n  circle(1, 2];\n  rect(0, 0';
  const lex = tokenize(code);
  assert.deepEqual(lex.mismatch, { expected: ')', found: ']', line: 2 });
  const res = prepareSketch(code);
  assert.equal(res.code, code);
  assert.deepEqual(res.repairs, []);
  assert.equal(res.closedDelimiters, '');
  assert.equal(res.onlyTruncationRepairs, false);
});

test('an extra closer is a mismatch and the code is left unchanged', () => {
  const code = 'function draw() {}\n}\nfunction f() {';
  assert.deepEqual(tokenize(code).mismatch, { expected: null, found: '}', line: 2 });
  assert.equal(prepareSketch(code).code, code);
  assert.equal(prepareSketch('(]').code, '(]');
});

test('a wrong closer inside ${} is a mismatch', () => {
  const code = 'let s = `a ${ f(1] }`';
  assert.equal(tokenize(code).mismatch.found, ']');
  assert.equal(prepareSketch(code).code, code);
});

// ---------------------------------------------------------------- Markdown fences

test('fence with a language tag and prose before/after', () => {
  const text = 'Here is your sketch:\n\n```javascript\nfunction setup() {\n  createCanvas(100, 100);\n}\n```\n\nIt draws a canvas.\nEnjoy!';
  const res = prepareSketch(text);
  assert.equal(res.code, 'function setup() {\n  createCanvas(100, 100);\n}');
  assert.deepEqual(res.repairs, ['extracted code from a Markdown fence (```javascript), dropped 3 lines of prose']);
  assert.equal(res.onlyTruncationRepairs, false);
});

test('fence without a language tag', () => {
  const res = prepareSketch('```\nfunction draw() { background(0); }\n```');
  assert.equal(res.code, 'function draw() { background(0); }');
  assert.deepEqual(res.repairs, ['extracted code from a Markdown fence (```)']);
});

test('unclosed final fence takes everything after it, then closes truncated delimiters', () => {
  const res = prepareSketch('Sure!\n```js\nfunction draw() {\n  circle(10, 10');
  assert.equal(res.code, 'function draw() {\n  circle(10, 10)}');
  assert.equal(res.repairs.length, 2);
  assert.match(res.repairs[0], /^extracted code from an unclosed Markdown fence \(```js, truncated completion\), dropped 1 line of prose$/);
  assert.equal(res.closedDelimiters, ')}');
  assert.equal(res.onlyTruncationRepairs, false);
  assert.ok(parses(res.code));
});

test('several blocks: prefer the one with function setup/draw', () => {
  const text = 'Install:\n```bash\nnpm i p5\n```\nHelper:\n```js\nconst helperWithALongName = (a, b) => a + b; // long long long long\n```\nSketch:\n```p5\nfunction setup() { createCanvas(10, 10); }\n```';
  const res = prepareSketch(text);
  assert.equal(res.code, 'function setup() { createCanvas(10, 10); }');
  assert.equal(res.repairs[0], 'extracted code from a Markdown fence (```p5), dropped 3 lines of prose, ignored 2 other fenced blocks');
});

test('several blocks without setup/draw: the longest code block wins', () => {
  const res = prepareSketch('```js\nlet a = 1;\n```\n```js\nlet bb = [1, 2, 3];\n```');
  assert.equal(res.code, 'let bb = [1, 2, 3];');
});

test('a non-code block only (```text) or inline backticks: text used as is', () => {
  const t1 = 'Output:\n```text\nhello world\n```';
  assert.equal(prepareSketch(t1).code, t1);
  const t2 = 'let s = "```"; // ```js inline\n';
  assert.deepEqual(prepareSketch(t2), { code: t2, repairs: [], closedDelimiters: '', onlyTruncationRepairs: false });
});

test('CRLF fences', () => {
  const res = prepareSketch('Code:\r\n```js\r\nfunction draw() {}\r\n```\r\n');
  assert.equal(res.code, 'function draw() {}\r');
  assert.ok(parses(res.code));
});

// ---------------------------------------------------------------- import / export

test('drops import statements (default, namespace, side-effect, named)', () => {
  const code = 'import p5 from "p5";\nimport * as brush from "p5.brush"\nimport \'./style.css\';\nimport { a as b, c } from "lib";\nfunction setup() {}\n';
  const res = prepareSketch(code);
  assert.equal(res.code, 'function setup() {}\n');
  assert.deepEqual(res.repairs, [
    'dropped import statement at line 1: import p5 from "p5"',
    'dropped import statement at line 2: import * as brush from "p5.brush"',
    "dropped import statement at line 3: import './style.css'",
    'dropped import statement at line 4: import { a as b, c } from "lib"',
  ]);
  assert.ok(parses(res.code));
});

test('drops a multi-line import', () => {
  const res = prepareSketch('import {\n  a,\n  b\n} from "m"; // helpers\nlet x = a + b;');
  assert.equal(res.code, 'let x = a + b;');
  assert.deepEqual(res.repairs, ['dropped import statement at line 1: import { a, b } from "m"']);
});

test('export default function / export function / export const keep the declaration', () => {
  const code = 'export default function setup() {\n  createCanvas(10, 10);\n}\nexport function draw() {}\nexport const k = 1;\nexport { k as kk };\nexport * from "x";\n';
  const res = prepareSketch(code);
  assert.equal(res.code, 'function setup() {\n  createCanvas(10, 10);\n}\nfunction draw() {}\nconst k = 1;\n');
  assert.deepEqual(res.repairs, [
    "removed 'export default' before the declaration at line 1",
    "removed 'export' before the declaration at line 4",
    "removed 'export' before the declaration at line 5",
    'dropped export statement at line 6: export { k as kk }',
    'dropped export statement at line 7: export * from "x"',
  ]);
  assert.ok(parses(res.code));
});

test('import/export inside strings, comments, templates, blocks and dynamic import() are untouched', () => {
  const code = [
    '// import x from "y";',
    '/* export default function a() {} */',
    'const s = "import * as brush from \'p5.brush\'";',
    'const t = `export const q = ${1}`;',
    'function f() { return import("./m.js"); }',
    'obj.import = 1; obj.export = 2;',
  ].join('\n');
  const res = prepareSketch(code);
  assert.equal(res.code, code);
  assert.deepEqual(res.repairs, []);
});

test('import dropped in a fenced, truncated sketch: all three repairs in order', () => {
  const text = '```javascript\nimport * as brush from "p5.brush";\nfunction setup() {\n  brush.load(';
  const res = prepareSketch(text);
  assert.equal(res.code, 'function setup() {\n  brush.load()}');
  assert.equal(res.repairs.length, 3);
  assert.match(res.repairs[1], /^dropped import statement at line 1/);
  assert.equal(res.closedDelimiters, ')}');
  assert.equal(res.onlyTruncationRepairs, false);
  assert.ok(parses(res.code));
});

test('import sharing a line with code removes only the statement', () => {
  const res = prepareSketch('import x from "y"; let a = 1;');
  assert.equal(res.code, ' let a = 1;');
});

// ---------------------------------------------------------------- referencedIdentifiers

test('referencedIdentifiers ignores comments, strings, template text and regexes', () => {
  const ids = referencedIdentifiers('// brush WEBGL\n/* brush */\nlet s = "brush" + \'WEBGL\' + `brush`;\nlet r = /brush/;\n');
  assert.equal(ids.has('brush'), false);
  assert.equal(ids.has('WEBGL'), false);
  assert.ok(ids.has('s') && ids.has('let'));
});

test('referencedIdentifiers counts ${} expressions and property names', () => {
  const ids = referencedIdentifiers('brush.line(0, 0, 1, 1);\nlet t = `mode ${WEBGL}`;');
  for (const name of ['brush', 'line', 'WEBGL', 't']) assert.ok(ids.has(name), name);
  assert.ok(referencedIdentifiers('createCanvas(1, 1, WEBGL)').has('WEBGL'));
});

// ---------------------------------------------------------------- unchanged, robustness, speed

test('already valid code is returned unchanged with no repairs', () => {
  for (const code of [VALID, '', 'x', '   \n', 'if (a) {}\n/re/.test(s);\n']) {
    assert.deepEqual(prepareSketch(code), { code, repairs: [], closedDelimiters: '', onlyTruncationRepairs: false });
  }
  assert.ok(parses(VALID));
});

test('non-strings throw TypeError; garbage never throws', () => {
  assert.throws(() => prepareSketch(undefined), TypeError);
  assert.throws(() => prepareSketch(42), TypeError);
  assert.throws(() => tokenize(null), TypeError);
  let seed = 7;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let k = 0; k < 50; k++) {
    let s = '';
    for (let i = 0; i < 300; i++) s += String.fromCharCode(Math.floor(rand() * (rand() < 0.8 ? 128 : 65536)));
    const res = prepareSketch(s);
    assert.equal(typeof res.code, 'string');
    assert.ok(Array.isArray(res.repairs));
  }
});

test('every truncation point of a valid sketch either repairs to parseable code or is left unrepaired', () => {
  const sketch = VALID + 'function f(s) { return s.replace(/[}]+/g, "{") + `${s}`; } // end\n/* x */';
  let repaired = 0;
  for (let i = 1; i < sketch.length; i++) {
    const res = prepareSketch(sketch.slice(0, i));
    assert.ok(res.code.startsWith(sketch.slice(0, i)));
    if (res.closedDelimiters) repaired++;
  }
  assert.ok(repaired > sketch.length / 2);
  // cuts between statements must always parse after repair
  for (const stop of ['createCanvas(400, 400);', 'noStroke();', 'angle += 0.05;']) {
    assert.ok(parses(prepareSketch(sketch.slice(0, sketch.indexOf(stop) + stop.length)).code), stop);
  }
});

test('200 KB inputs are processed fast (linear time)', () => {
  const block = `{\n${VALID}}\n`; // a block scope per copy so the declarations do not clash
  const big = '```js\n' + block.repeat(Math.ceil(200000 / block.length)) + 'function g() {\n  let s = `a ${b';
  const pathological = '(/'.repeat(100000);
  const noisy = 'x = "a\nb\' /*'.repeat(20000);
  for (const input of [big, pathological, noisy]) {
    const t0 = process.hrtime.bigint();
    prepareSketch(input);
    referencedIdentifiers(input);
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    assert.ok(ms < 500, `took ${ms} ms`);
  }
  assert.ok(parses(prepareSketch(big).code));
});

test('a fence inside code is not a fence: text that starts as code is code (as paint_pipeline/sketch_code.py reads it)', () => {
  for (const code of [
    'function setup() {\n  let s = "```js";\n  createCanvas(10, 10);\n}',
    '// paste this into a ```js block\n/*\n```js\nnot();\n```\n*/\nfunction setup() { createCanvas(10, 10); }',
    'let note = `\n```js\nnot();\n```\n`;\nfunction setup() { createCanvas(10, 10); }',
  ]) {
    const res = prepareSketch(code);
    assert.equal(res.code, code);
    assert.deepEqual(res.repairs, []);
  }
});
