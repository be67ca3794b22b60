'use strict';
/**
 * prepare.js: the only preparations applied to a model-written p5.js sketch before it is judged.
 *
 * Principle: the code judged is the code the model wrote. Exactly three preparations exist,
 * and each one that fires is recorded as a human-readable string in `repairs`:
 *   1. take the sketch out of a Markdown fence (prose around it is dropped);
 *   2. drop import/export module syntax at statement level (sketches run as classic scripts);
 *   3. close delimiters left open at the very END of the input (a truncated completion).
 * Nothing else is ever changed: a mismatched or extra closer is left for the parse check.
 *
 * tokenize() is a small hand-written JavaScript lexer, good enough for these needs. Limits:
 *  - regex vs division is decided from the previous significant token. `}` counts as ending a
 *    block or an object literal depending on a guess made at its `{`; `)` counts as ending an
 *    expression unless it closes `if (...)` / `while (...)` / `for (...)` / `with (...)`.
 *  - a `/` taken for a regex that reaches a line end is re-lexed as division; after such a failure
 *    the rest of that line lexes `/` as division (keeps pathological input linear).
 *  - a string that reaches an unescaped line end ends there (a syntax error, left for the parse check).
 *  - no JSX, no HTML comments (<!-- -->), no validation of numbers, escapes or regex bodies.
 *  - tokens carry an extra field `depth`: how many contexts ((, [, {, `, ${) were open at their start.
 */

// Reserved words plus the contextual ones that matter to us (type 'keyword' unless after `.`).
const KEYWORDS = new Set(('break case catch class const continue debugger default delete do else ' +
  'export extends finally for function if import in instanceof new return super switch this throw ' +
  'try typeof var void while with yield let static await async of null true false').split(' '));
// Keywords that are operands: a `/` after them divides.
const VALUE_KEYWORDS = new Set(['this', 'super', 'null', 'true', 'false']);
// Keywords after which `{` opens an object literal rather than a block.
const EXPR_KEYWORDS = new Set(['return', 'typeof', 'instanceof', 'in', 'of', 'new', 'delete', 'void',
  'throw', 'case', 'yield', 'await']);
// `(` after these opens a condition/head: a `/` right after its `)` starts a regex.
const CONTROL_KEYWORDS = new Set(['if', 'while', 'for', 'with']);
const PUNCT3 = new Set(['===', '!==', '**=', '<<=', '>>=', '>>>', '...', '&&=', '||=', '??=']);
const PUNCT2 = new Set(['=>', '==', '!=', '<=', '>=', '&&', '||', '??', '?.', '++', '--', '+=', '-=',
  '*=', '/=', '%=', '&=', '|=', '^=', '**', '<<', '>>']);
const CLOSER = { '(': ')', '[': ']', '{': '}', '${': '}', '`': '`' };
const OPENER = { ')': '(', ']': '[', '}': '{' };
const UNICODE_SPACE = /\s/;

// ASCII character classes, so the hot loops do a table lookup per character.
const SPACE = 1, NEWLINE = 2, IDENT = 3, DIGIT = 4; // 0: anything else; IDENT and above continue a word
const CHAR = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  if (/[0-9]/.test(ch)) CHAR[c] = DIGIT;
  else if (/[A-Za-z_$#\\]/.test(ch)) CHAR[c] = IDENT; // `#` for private names, `\` for \u escapes
  else if (ch === '\n') CHAR[c] = NEWLINE;
  else if (/[ \t\r\v\f]/.test(ch)) CHAR[c] = SPACE;
}
// Beyond ASCII: Unicode white space (incl. U+2028/2029, BOM) separates, anything else is a word char.
const charClass = (code, i) => {
  const c = code.charCodeAt(i);
  return c < 128 ? CHAR[c] : UNICODE_SPACE.test(code[i]) ? SPACE : IDENT;
};
const isDigit = (c) => c >= 48 && c <= 57;
const isLineEnd = (c) => c === 10 || c === 13 || c === 0x2028 || c === 0x2029;
function wordEnd(code, i) {
  while (i < code.length && charClass(code, i) >= IDENT) i++;
  return i;
}

function digitsEnd(code, k) {
  while (isDigit(code.charCodeAt(k)) || code[k] === '_') k++;
  return k;
}
function scanNumber(code, i) {
  if (code[i] === '0' && /[xob]/i.test(code[i + 1] || '')) return wordEnd(code, i + 2); // 0x1F, 0b1n
  i = digitsEnd(code, i);
  if (code[i] === '.') i = digitsEnd(code, i + 1);
  if (code[i] === 'e' || code[i] === 'E') i = digitsEnd(code, code[i + 1] === '+' || code[i + 1] === '-' ? i + 2 : i + 1);
  return code[i] === 'n' ? i + 1 : i; // BigInt
}

const MULTI_PUNCT_START = new Set('=!<>&|?+-*/%^.'); // the only characters that can begin a longer punctuator
function punctLength(code, i) {
  if (!MULTI_PUNCT_START.has(code[i])) return 1;
  if (code.startsWith('>>>=', i)) return 4;
  if (PUNCT3.has(code.slice(i, i + 3))) return 3;
  const two = code.slice(i, i + 2);
  if (PUNCT2.has(two) && !(two === '?.' && isDigit(code.charCodeAt(i + 2)))) return 2; // a?.5:b
  return 1;
}

function tokenize(code) {
  if (typeof code !== 'string') throw new TypeError('tokenize(code): code must be a string');
  const { tokens, openStack, unterminated, mismatch } = lex(code, false);
  return { tokens, openStack, unterminated, mismatch };
}

// topLevelOnly keeps just the depth-0 tokens, which is all prepareSketch needs: on big inputs the
// other token objects then die young instead of filling the heap. `last` is the final token.
function lex(code, topLevelOnly) {
  const n = code.length;
  const tokens = [];
  const stack = []; // { open: '(' | '[' | '{' | '`' | '${', object?: bool, control?: bool }
  let pos = 0;
  let line = 1;
  let prev = null;           // previous significant (non-comment) token
  let last = null;
  let regexOk = true;        // would a `/` here start a regex literal?
  let braceIsObject = false; // would a `{` here open an object literal (rather than a block)?
  let noRegexBefore = -1;    // a failed regex scan ended at this line end (see limits above)
  let unterminated = null;
  let mismatch = null;

  function emit(type, start, end, depth = stack.length) {
    end = Math.min(end, n);
    const tok = { type, value: code.slice(start, end), start, end, line, depth };
    if (!topLevelOnly || depth === 0) tokens.push(tok);
    last = tok;
    if (type === 'comment' || type === 'string' || type === 'template') { // the only multi-line tokens
      for (let i = start; i < end; i++) if (code.charCodeAt(i) === 10) line++;
    }
    if (type !== 'comment') prev = tok;
    pos = end;
    return tok;
  }
  function state(regex, object) { regexOk = regex; braceIsObject = object; }

  // Literal part of a template, from `start` (a backtick or the `}` ending a `${`) up to the
  // closing backtick or the next `${`. The stack top is the template's '`' entry.
  function scanTemplate(start, from) {
    const depth = stack.length - 1;
    for (let i = from; i < n; i++) {
      const c = code.charCodeAt(i);
      if (c === 92) { i++; continue; }
      if (c === 96) { stack.pop(); emit('template', start, i + 1, depth); state(false, false); return; }
      if (c === 36 && code.charCodeAt(i + 1) === 123) {
        stack.push({ open: '${' });
        emit('template', start, i + 2, depth);
        state(true, true);
        return;
      }
    }
    unterminated = 'template';
    emit('template', start, n, depth);
  }

  function scanString(quote) {
    let i = pos + 1;
    while (i < n) {
      const c = code.charCodeAt(i);
      if (c === quote) { emit('string', pos, i + 1); state(false, false); return; }
      if (c === 92) { i += code.charCodeAt(i + 1) === 13 && code.charCodeAt(i + 2) === 10 ? 3 : 2; continue; }
      if (c === 10 || c === 13) { emit('string', pos, i); state(false, false); return; } // syntax error
      i++;
    }
    unterminated = 'string';
    emit('string', pos, n);
  }

  // Returns false when this `/` cannot start a regex (it reaches a line end): lex it as division.
  function scanRegex() {
    let inClass = false;
    for (let i = pos + 1; i < n; i++) {
      const c = code.charCodeAt(i);
      if (c === 92) {
        if (isLineEnd(code.charCodeAt(i + 1))) { noRegexBefore = i + 1; return false; }
        i++;
      } else if (isLineEnd(c)) {
        noRegexBefore = i;
        return false;
      } else if (inClass) {
        if (c === 93) inClass = false;
      } else if (c === 91) {
        inClass = true; // inside [...] a `/` does not end the regex
      } else if (c === 47) {
        emit('regex', pos, wordEnd(code, i + 1)); // with its flags
        state(false, false);
        return true;
      }
    }
    unterminated = 'regex';
    emit('regex', pos, n);
    return true;
  }

  // A closer that does not match the innermost opener is recorded (first one only) and, if the
  // opener it matches is open further out (without crossing a template), everything above it is
  // abandoned so lexing can go on; otherwise the stray closer is ignored.
  function close(ch) {
    const top = stack[stack.length - 1];
    if (top && top.open === OPENER[ch]) return stack.pop();
    if (!mismatch) mismatch = { expected: top ? CLOSER[top.open] : null, found: ch, line };
    for (let i = stack.length - 1; i >= 0 && stack[i].open !== '${' && stack[i].open !== '`'; i--) {
      if (stack[i].open === OPENER[ch]) { const entry = stack[i]; stack.length = i; return entry; }
    }
    return null;
  }

  while (pos < n) {
    const c = code.charCodeAt(pos);
    const cls = charClass(code, pos);
    if (cls === SPACE) { pos++; continue; }
    if (cls === NEWLINE) { line++; pos++; continue; }
    if (cls === IDENT && !(c === 35 && pos === 0 && code[1] === '!')) { // identifiers, keywords, #private
      const end = wordEnd(code, pos + 1);
      const value = code.slice(pos, end);
      const afterDot = prev !== null && prev.type === 'punct' && (prev.value === '.' || prev.value === '?.');
      const keyword = !afterDot && KEYWORDS.has(value); // obj.default, obj.new are property names
      emit(keyword ? 'keyword' : 'identifier', pos, end);
      if (keyword) state(!VALUE_KEYWORDS.has(value), EXPR_KEYWORDS.has(value));
      else state(false, false);
      continue;
    }
    if (cls === DIGIT || (c === 46 && isDigit(code.charCodeAt(pos + 1)))) {
      emit('number', pos, scanNumber(code, pos));
      state(false, false);
      continue;
    }
    const d = code.charCodeAt(pos + 1);
    if ((c === 47 && d === 47) || c === 35) { // line comment, or the #! line (other `#` are words)
      let end = pos + 2;
      while (end < n && !isLineEnd(code.charCodeAt(end))) end++;
      emit('comment', pos, end);
      continue;
    }
    if (c === 47 && d === 42) {
      const end = code.indexOf('*/', pos + 2);
      if (end < 0) unterminated = 'block-comment';
      emit('comment', pos, end < 0 ? n : end + 2);
      continue;
    }
    if (c === 47 && regexOk && pos >= noRegexBefore && scanRegex()) continue;
    if (c === 34 || c === 39) { scanString(c); continue; }
    if (c === 96) { stack.push({ open: '`' }); scanTemplate(pos, pos + 1); continue; }
    const top = stack[stack.length - 1];
    if (c === 125 && top && top.open === '${') { stack.pop(); scanTemplate(pos, pos + 1); continue; }
    const p = code.slice(pos, pos + punctLength(code, pos));
    if (p === '(' || p === '[' || p === '{') {
      const control = p === '(' && prev !== null && prev.type === 'keyword' && CONTROL_KEYWORDS.has(prev.value);
      emit('punct', pos, pos + 1);
      stack.push({ open: p, control, object: p === '{' && braceIsObject });
      state(true, p !== '{');
    } else if (p === ')' || p === ']' || p === '}') {
      const entry = close(p);
      emit('punct', pos, pos + 1);
      if (p === ')') state(Boolean(entry && entry.control), false);
      else if (p === ']') state(false, false);
      else state(!(entry && entry.object), false); // after a block a `/` starts a regex; after an object it divides
    } else {
      emit('punct', pos, pos + p.length);
      if (p === '++' || p === '--' || p === '.' || p === '?.') state(false, false);
      else if (p === ';' || p === '=>') state(true, false);
      else if (p === ':') state(true, Boolean(top && top.object)); // `{a: {` vs `case 1: {` / `label: {`
      else state(true, true);
    }
  }
  return { tokens, openStack: stack.map((e) => e.open), unterminated, mismatch, last };
}

function referencedIdentifiers(code) {
  const names = new Set();
  for (const t of tokenize(code).tokens) {
    if (t.type === 'identifier' || t.type === 'keyword') names.add(t.value);
  }
  return names;
}

// ---------------------------------------------------------------------------------------------
// 1. Markdown fences
// ---------------------------------------------------------------------------------------------
// Opening fence with an optional info string (```js, ```javascript title="x"); written so that
// it cannot backtrack quadratically on long lines.
const OPEN_FENCE = /^[ \t]*(`{3,})[ \t]*([^\s`]*)(?:[ \t][^`]*)?\r?$/;
const CLOSE_FENCE = /^[ \t]*(`{3,})[ \t\r]*$/;
const NON_CODE_LANGS = new Set(['text', 'txt', 'plaintext', 'plain', 'md', 'markdown', 'bash', 'sh',
  'shell', 'console', 'json', 'css', 'html', 'xml', 'yaml', 'yml', 'diff', 'output', 'log']);
const ENTRY_POINT = /\bfunction\s*(setup|draw)\s*\(|\b(setup|draw)\s*=\s*(async\s+)?(function\b|\()/;
const CODE_CHARS = /[;{}()=]/;

const plural = (k, word) => `${k} ${word}${k === 1 ? '' : 's'}`;

// The first non-blank line looks like JavaScript: then the text is code, and a "```" inside it (a string, a
// comment) is not a Markdown fence. The same rule as paint_pipeline/sketch_code.py, so both read the same code.
const CODE_START = /^\s*(function\b|async\s+function\b|let\b|const\b|var\b|class\b|\/\/|\/\*|new\s+p5\b|brush\.|setup\s*=)/;

function startsAsCode(text) {
  for (const line of text.split('\n')) {
    if (line.trim() !== '') return CODE_START.test(line);
  }
  return false;
}

function extractFromFence(text) {
  // (Whether the text compiles cannot decide it: Markdown with an even number of ``` fences can be a
  // valid chain of tagged templates.)
  if (!text.includes('```') || startsAsCode(text)) return null;
  const lines = text.split('\n');
  const blocks = [];
  let open = null;
  let prose = 0;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    if (open) {
      const m = l.includes('```') && CLOSE_FENCE.exec(l);
      if (m && m[1].length >= open.ticks) { open.end = i; open.closed = true; blocks.push(open); open = null; }
      continue;
    }
    const m = l.includes('```') && OPEN_FENCE.exec(l);
    if (m) open = { ticks: m[1].length, lang: m[2], start: i + 1, end: lines.length, closed: false };
    else if (l.trim() !== '') prose++;
  }
  if (open) blocks.push(open); // unclosed final fence: a truncated completion
  for (const b of blocks) b.body = lines.slice(b.start, b.end).join('\n');

  const candidates = blocks.filter((b) => !NON_CODE_LANGS.has(b.lang.toLowerCase()) && CODE_CHARS.test(b.body));
  if (candidates.length === 0) return null; // nothing code-like: judge the text as written
  let chosen = candidates[0];
  if (candidates.length > 1) {
    chosen = candidates.find((b) => ENTRY_POINT.test(b.body)) ||
      candidates.reduce((best, b) => (b.body.length > best.body.length ? b : best));
  }
  const where = chosen.closed ? `a Markdown fence (\`\`\`${chosen.lang})`
    : `an unclosed Markdown fence (\`\`\`${chosen.lang}, truncated completion)`;
  let repair = `extracted code from ${where}`;
  if (prose > 0) repair += `, dropped ${plural(prose, 'line')} of prose`;
  if (blocks.length > 1) repair += `, ignored ${plural(blocks.length - 1, 'other fenced block')}`;
  return { code: chosen.body, repair };
}

// ---------------------------------------------------------------------------------------------
// 2. import / export
// ---------------------------------------------------------------------------------------------
const DECLARATION_KEYWORDS = new Set(['function', 'class', 'const', 'let', 'var', 'async']);

// Import attributes (`with { type: 'json' }`) and the semicolon belong to the statement.
function statementTail(sig, j) {
  const a = sig[j + 1];
  if (a && (a.value === 'with' || a.value === 'assert') && sig[j + 2] && sig[j + 2].value === '{') {
    let k = j + 3;
    while (k < sig.length && sig[k].value !== '}') k++;
    if (k < sig.length) j = k;
  }
  if (sig[j + 1] && sig[j + 1].type === 'punct' && sig[j + 1].value === ';') j++;
  return j;
}

// For `import ...` / `export {...}` / `export * ...` at sig[i]: the index of the statement's last
// token, or -1 when it does not look like a complete module statement (then it is left alone).
function moduleStatementEnd(sig, i) {
  const exporting = sig[i].value === 'export';
  if (!exporting && sig[i + 1].type === 'string') return statementTail(sig, i + 1); // import 'x'
  for (let j = i + 1; j < sig.length; j++) {
    const t = sig[j];
    const next = sig[j + 1];
    if (t.type === 'identifier' && t.value === 'from' && next && next.type === 'string') return statementTail(sig, j + 1);
    if (t.type === 'punct' && t.value === '}') {
      if (exporting && !(next && next.value === 'from')) return statementTail(sig, j); // export { a, b }
      continue;
    }
    const clauseToken = t.type === 'identifier' || t.value === 'default' || t.type === 'string' ||
      (t.type === 'punct' && (t.value === '*' || t.value === '{' || t.value === ','));
    if (!clauseToken) return -1;
  }
  return -1;
}

// Whole lines go when the statement is alone on them (a trailing // comment goes with it).
function removalSpan(code, start, end) {
  let ls = start;
  while (ls > 0 && (code[ls - 1] === ' ' || code[ls - 1] === '\t')) ls--;
  let le = end;
  while (le < code.length && (code[le] === ' ' || code[le] === '\t' || code[le] === '\r')) le++;
  if (code.startsWith('//', le)) while (le < code.length && code[le] !== '\n') le++;
  if ((ls === 0 || code[ls - 1] === '\n') && (le === code.length || code[le] === '\n')) {
    return [ls, Math.min(le + 1, code.length)];
  }
  return [start, end];
}

const shown = (s) => {
  const one = s.replace(/\s+/g, ' ').replace(/\s*;$/, '');
  return one.length > 120 ? `${one.slice(0, 117)}...` : one;
};

function dropModuleSyntax(code, lexed) {
  if (!code.includes('import') && !code.includes('export')) return { code, repairs: [], lexed }; // fast path only
  const sig = lexed.tokens.filter((t) => t.type !== 'comment');
  const edits = [];
  const repairs = [];
  for (let i = 0; i < sig.length; i++) {
    const t = sig[i];
    if (t.type !== 'keyword' || t.depth !== 0 || (t.value !== 'import' && t.value !== 'export')) continue;
    const next = sig[i + 1];
    if (!next) continue;
    if (t.value === 'import' || next.value === '{' || next.value === '*') {
      if (t.value === 'import' && (next.value === '(' || next.value === '.')) continue; // import(), import.meta
      const last = moduleStatementEnd(sig, i);
      if (last < 0) continue;
      edits.push(removalSpan(code, t.start, sig[last].end));
      repairs.push(`dropped ${t.value} statement at line ${t.line}: ${shown(code.slice(t.start, sig[last].end))}`);
      i = last;
    } else if (next.type === 'keyword' && next.value === 'default' && sig[i + 2]) {
      const decl = sig[i + 2];
      edits.push([t.start, decl.start]);
      const what = DECLARATION_KEYWORDS.has(decl.value) ? 'declaration' : 'expression';
      repairs.push(`removed 'export default' before the ${what} at line ${t.line}`);
    } else if (next.type === 'keyword' && DECLARATION_KEYWORDS.has(next.value)) {
      edits.push([t.start, next.start]);
      repairs.push(`removed 'export' before the declaration at line ${t.line}`);
    }
  }
  if (edits.length === 0) return { code, repairs, lexed };
  let out = '';
  let at = 0;
  for (const [start, end] of edits) { out += code.slice(at, start); at = end; } // edits are in order
  out += code.slice(at);
  return { code: out, repairs, lexed: lex(out, true) };
}

// ---------------------------------------------------------------------------------------------
// 3. Delimiters left open by truncation
// ---------------------------------------------------------------------------------------------
const endsInEscape = (s) => {
  let k = 0;
  while (k < s.length && s[s.length - 1 - k] === '\\') k++;
  return k % 2 === 1;
};

function regexEndsInClass(body) {
  let inClass = false;
  for (let i = 1; i < body.length; i++) {
    if (body[i] === '\\') i++;
    else if (inClass) inClass = body[i] !== ']';
    else inClass = body[i] === '[';
  }
  return inClass;
}

// The exact text to append, or '' when nothing is open or the ending cannot be closed faithfully
// (a mismatch, a cut right after a backslash, a lone `/`): those are left for the parse check.
function closersFor(code, lexed) {
  if (lexed.mismatch) return '';
  const last = lexed.last;
  let out = '';
  if (lexed.unterminated && lexed.unterminated !== 'block-comment' && endsInEscape(last.value)) return '';
  if (lexed.unterminated === 'string') out += last.value[0];
  else if (lexed.unterminated === 'block-comment') out += '*/';
  else if (lexed.unterminated === 'regex') {
    if (last.value.length === 1) return ''; // `/` + `/` would be a line comment
    out += regexEndsInClass(last.value) ? ']/' : '/';
  }
  for (let i = lexed.openStack.length - 1; i >= 0; i--) out += CLOSER[lexed.openStack[i]];
  // Input cut inside a // comment: the closers must go on a new line or they would be commented out.
  if (out && last.type === 'comment' && !last.value.startsWith('/*') && last.end === code.length) out = `\n${out}`;
  return out;
}

// ---------------------------------------------------------------------------------------------
function prepareSketch(text) {
  if (typeof text !== 'string') throw new TypeError('prepareSketch(text): text must be a string');
  try {
    const repairs = [];
    let code = text;
    const fenced = extractFromFence(text);
    if (fenced) { code = fenced.code; repairs.push(fenced.repair); }
    const mod = dropModuleSyntax(code, lex(code, true));
    code = mod.code;
    repairs.push(...mod.repairs);
    const closers = closersFor(code, mod.lexed);
    if (closers) {
      code += closers;
      repairs.push(`closed delimiters left open at end of input (truncation): appended ${JSON.stringify(closers)}`);
    }
    return { code, repairs, closedDelimiters: closers, onlyTruncationRepairs: closers !== '' && repairs.length === 1 };
  } catch {
    // Defensive only: a lexer bug must not take the renderer down; judge the text as written.
    return { code: text, repairs: [], closedDelimiters: '', onlyTruncationRepairs: false };
  }
}

module.exports = { prepareSketch, tokenize, referencedIdentifiers };
