'use strict';
// Service configuration: defaults, environment, command line; validated here,
// in one place, with an error that names the setting.

const os = require('node:os');
const path = require('node:path');

// WebGL without a GPU goes through SwiftShader (CPU). Which switches reach it
// fastest is measured by `paint-pipeline bench renderer-variants switches`.
const GL_MODES = {
  'swiftshader-no-gpu': ['--disable-gpu', '--enable-unsafe-swiftshader'],
  'angle-swiftshader-no-gpu': ['--disable-gpu', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'],
  'angle-swiftshader': ['--use-angle=swiftshader', '--enable-unsafe-swiftshader'],
  'swiftshader-gpu-process': ['--enable-unsafe-swiftshader'],
};

const SPEC = {
  host: { env: 'PP_RENDERER_HOST', def: '127.0.0.1', type: 'string', help: 'address to bind; loopback unless --allow-remote' },
  port: { env: 'PP_RENDERER_PORT', def: 8787, type: 'int', min: 0, max: 65535, help: 'TCP port (0 = any free port)' },
  poolSize: { env: 'PP_RENDERER_POOL', def: os.availableParallelism(), type: 'int', min: 1, max: 64, help: 'warm pages' },
  glMode: {
    env: 'PP_RENDERER_GL',
    def: 'swiftshader-no-gpu',
    type: 'string',
    help: `WebGL switches: ${Object.keys(GL_MODES).join(' | ')}`,
  },
  chromiumPath: { env: 'PP_CHROMIUM', def: '/usr/bin/chromium', type: 'string', help: 'Chromium binary' },
  tokenFile: {
    env: 'PP_RENDERER_TOKEN_FILE',
    def: path.join(os.homedir(), '.config', 'paint-pipeline', 'renderer.token'),
    type: 'string',
    help: 'where a generated token is kept (mode 0600)',
  },
  maxItems: { env: 'PP_RENDERER_MAX_ITEMS', def: 256, type: 'int', min: 1, max: 10000, help: 'items per batch' },
  maxCodeBytes: { env: 'PP_RENDERER_MAX_CODE_BYTES', def: 200_000, type: 'int', min: 100, max: 10_000_000, help: 'bytes per sketch' },
  maxBodyBytes: { env: 'PP_RENDERER_MAX_BODY_BYTES', def: 32 * 2 ** 20, type: 'int', min: 1000, max: 2 ** 30, help: 'bytes per request' },
  bodyTimeoutMs: { env: 'PP_RENDERER_BODY_TIMEOUT_MS', def: 30_000, type: 'int', min: 100, max: 600_000, help: 'time a client has to send a request body' },
  defaultTimeoutMs: { env: 'PP_RENDERER_TIMEOUT_MS', def: 10_000, type: 'int', min: 100, max: 600_000, help: 'budget per sketch' },
  maxTimeoutMs: { env: 'PP_RENDERER_MAX_TIMEOUT_MS', def: 120_000, type: 'int', min: 100, max: 600_000, help: 'largest budget a client may ask' },
  pageMemoryMb: { env: 'PP_RENDERER_PAGE_MEMORY_MB', def: 1024, type: 'int', min: 128, max: 65536, help: 'resident memory a page may use' },
  gpuMemoryMb: { env: 'PP_RENDERER_GPU_MEMORY_MB', def: 2048, type: 'int', min: 256, max: 65536, help: 'resident memory a slot\'s GPU process may use' },
  gpuSettleMs: {
    env: 'PP_RENDERER_GPU_SETTLE_MS',
    def: 1000,
    type: 'int',
    min: 10,
    max: 60_000,
    help: 'how long a slot waits after a render for its GPU process to go idle before it restarts the browser',
  },
  jsHeapMb: { env: 'PP_RENDERER_JS_HEAP_MB', def: 512, type: 'int', min: 64, max: 16384, help: 'V8 old-space limit per page' },
  protocolTimeoutMs: { env: 'PP_RENDERER_PROTOCOL_TIMEOUT_MS', def: 30_000, type: 'int', min: 1000, max: 600_000, help: 'DevTools call timeout' },
  baseline: {
    env: 'PP_RENDERER_BASELINE',
    def: false,
    type: 'bool',
    help: "benchmark baseline, paint-code-rl's way: a new page per sketch, the page painted as a visible tab, p5's default WEBGL multisampling",
  },
  chromiumArgs: {
    env: 'PP_RENDERER_CHROMIUM_ARGS',
    def: '',
    type: 'text',
    help: 'extra Chromium switches, space-separated (for benchmarks: paint-pipeline bench renderer-variants switches)',
  },
  brushMaskReadFrequently: {
    env: 'PP_RENDERER_BRUSH_MASK_READ_FREQUENTLY',
    def: false,
    type: 'bool',
    help: "create p5.brush's 2D mask canvases with willReadFrequently (for benchmarks)",
  },
  allowRemote: { env: 'PP_RENDERER_ALLOW_REMOTE', def: false, type: 'bool', help: 'permit a non-loopback host' },
  exitWithStdin: {
    env: 'PP_RENDERER_EXIT_WITH_STDIN',
    def: false,
    type: 'bool',
    help: 'close the browser and exit when standard input closes: the parent holds the pipe, so its death by any signal (SIGKILL included) ends the service',
  },
};

class ConfigError extends Error {}

function parseValue(spec, raw, source) {
  if (spec.type === 'string') {
    if (!raw) throw new ConfigError(`${source} must not be empty`);
    return raw;
  }
  if (spec.type === 'text') {
    if (/[^\x20-\x7e]/.test(raw)) throw new ConfigError(`${source} must be printable ASCII`);
    return raw;
  }
  if (spec.type === 'bool') {
    if (/^(1|true|yes)$/i.test(raw)) return true;
    if (/^(0|false|no)$/i.test(raw)) return false;
    throw new ConfigError(`${source} must be true or false, got ${JSON.stringify(raw)}`);
  }
  if (!/^\d+$/.test(String(raw))) throw new ConfigError(`${source} must be an integer, got ${JSON.stringify(raw)}`);
  const n = Number(raw);
  if (n < spec.min || n > spec.max) throw new ConfigError(`${source} must be within [${spec.min}, ${spec.max}], got ${n}`);
  return n;
}

const flagName = (key) => `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/** Reads defaults < environment < command line (`--pool-size 4`, `--allow-remote`). */
function loadConfig(argv = process.argv.slice(2), env = process.env) {
  const cfg = {};
  for (const [key, spec] of Object.entries(SPEC)) {
    cfg[key] = env[spec.env] !== undefined ? parseValue(spec, env[spec.env], spec.env) : spec.def;
  }
  const byFlag = new Map(Object.keys(SPEC).map((k) => [flagName(k), k]));
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') {
      cfg.help = true;
      continue;
    }
    const [flag, inline] = arg.split('=', 2);
    const key = byFlag.get(flag);
    if (!key) throw new ConfigError(`unknown option ${flag} (see --help)`);
    const spec = SPEC[key];
    if (spec.type === 'bool' && inline === undefined) {
      cfg[key] = true;
      continue;
    }
    const raw = inline !== undefined ? inline : argv[++i];
    if (raw === undefined) throw new ConfigError(`${flag} needs a value`);
    cfg[key] = parseValue(spec, raw, flag);
  }
  if (!cfg.allowRemote && !isLoopback(cfg.host)) {
    throw new ConfigError(`host ${cfg.host} is not a loopback address; pass --allow-remote to expose the renderer`);
  }
  if (!Object.hasOwn(GL_MODES, cfg.glMode)) {
    throw new ConfigError(`PP_RENDERER_GL / --gl-mode must be one of ${Object.keys(GL_MODES).join(', ')}, got ${JSON.stringify(cfg.glMode)}`);
  }
  if (cfg.defaultTimeoutMs > cfg.maxTimeoutMs) {
    throw new ConfigError(`PP_RENDERER_TIMEOUT_MS (${cfg.defaultTimeoutMs}) exceeds PP_RENDERER_MAX_TIMEOUT_MS (${cfg.maxTimeoutMs})`);
  }
  return cfg;
}

function isLoopback(host) {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

function usage() {
  const lines = ['Usage: node src/server.js [options]', '', 'Options (environment variable in brackets):'];
  for (const [key, spec] of Object.entries(SPEC)) {
    lines.push(`  ${flagName(key).padEnd(26)} ${spec.help} [${spec.env}, default ${JSON.stringify(spec.def)}]`);
  }
  lines.push('', 'The control token comes from PP_RENDERER_TOKEN, or is generated into the token file.');
  return lines.join('\n');
}

module.exports = { loadConfig, ConfigError, usage, GL_MODES };
