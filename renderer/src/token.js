'use strict';
// The control token: from PP_RENDERER_TOKEN, or generated once into a file that
// only its owner can read (the Python client reads the same file).

const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const MIN_LENGTH = 16;

function resolveToken(env, tokenFile) {
  if (env.PP_RENDERER_TOKEN !== undefined) {
    if (env.PP_RENDERER_TOKEN.length < MIN_LENGTH) {
      throw new Error(`PP_RENDERER_TOKEN must be at least ${MIN_LENGTH} characters`);
    }
    return { token: env.PP_RENDERER_TOKEN, source: 'environment (PP_RENDERER_TOKEN)' };
  }
  const existing = readTokenFile(tokenFile);
  if (existing) return { token: existing, source: tokenFile };
  const token = crypto.randomBytes(32).toString('base64url');
  fs.mkdirSync(path.dirname(tokenFile), { recursive: true, mode: 0o700 });
  // Write then rename: a reader never sees a half-written token.
  const tmp = `${tokenFile}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `${token}\n`, { mode: 0o600 });
  fs.renameSync(tmp, tokenFile);
  return { token, source: tokenFile };
}

function readTokenFile(tokenFile) {
  let stat;
  try {
    stat = fs.statSync(tokenFile);
  } catch {
    return null;
  }
  if ((stat.mode & 0o077) !== 0) {
    throw new Error(`token file ${tokenFile} is readable by others (mode ${(stat.mode & 0o777).toString(8)}); chmod 600 it or delete it`);
  }
  const token = fs.readFileSync(tokenFile, 'utf8').trim();
  return token.length >= MIN_LENGTH ? token : null;
}

/** Constant-time check of an Authorization header against the token. */
function authorized(header, token) {
  const m = /^Bearer (.+)$/.exec(header || '');
  const given = crypto.createHash('sha256').update(m ? m[1] : '').digest();
  const expected = crypto.createHash('sha256').update(token).digest();
  return crypto.timingSafeEqual(given, expected) && m !== null;
}

module.exports = { resolveToken, authorized };
