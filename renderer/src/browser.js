'use strict';
// Launches the one Chromium the service uses, jailed (see bin/chromium-jail),
// and watches the memory of its renderer processes.
//
// Flags were chosen by measurement on a 2-core machine without a GPU (NOTES.md,
// docs/renderer.md): SwiftShader WebGL via --enable-unsafe-swiftshader with
// --disable-gpu was the fastest correct combination; the background-networking
// flags stop Chromium from phoning home into a closed network.

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const puppeteer = require('puppeteer-core');
const { GL_MODES } = require('./config');
const { MAX_WEBGL_CONTEXTS } = require('./page');

const JAIL = path.join(__dirname, '..', 'bin', 'chromium-jail');
const NOBODY = 65534;

// Which containment the OS allows here; reported in /health so that a weaker
// sandbox is never silent.
function probeJail() {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const tryRun = (cmd, args) => {
    try {
      execFileSync(cmd, args, { stdio: 'ignore', timeout: 5000 });
      return true;
    } catch {
      return false;
    }
  };
  const netns = isRoot
    ? tryRun('unshare', ['--net', 'true'])
    : tryRun('unshare', ['--net', '--map-current-user', 'true']);
  return {
    runs_as: isRoot ? `uid ${NOBODY} (dropped from root)` : `uid ${process.getuid()}`,
    chromium_sandbox: true,
    empty_network_namespace: netns,
  };
}

function chromiumArgs({ jsHeapMb, glMode, poolSize, chromiumArgs: extra = '' }) {
  return [
    '--headless=new',
    ...GL_MODES[glMode],
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-default-apps',
    '--disable-extensions',
    '--disable-domain-reliability',
    '--disable-breakpad',
    '--disable-crash-reporter',
    '--no-first-run',
    '--no-default-browser-check',
    '--disable-quic',
    '--no-pings',
    '--mute-audio',
    '--deny-permission-prompts',
    '--disable-notifications',
    '--disable-speech-api',
    '--disable-remote-fonts',
    '--disable-features=Translate,MediaRouter,OptimizationHints,InterestFeedContentSuggestions,DialMediaRouteProvider,AcceptCHFrame,AutofillServerCommunication,CertificateTransparencyComponentUpdater',
    // WebRTC: no UDP outside a proxy, and the proxy is a dead port. With the
    // empty network namespace nothing gets out anyway; this is the second wall.
    '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
    '--webrtc-ip-handling-policy=disable_non_proxied_udp',
    '--proxy-server=socks5://127.0.0.1:9',
    '--proxy-bypass-list=<-loopback>',
    `--js-flags=--max-old-space-size=${jsHeapMb}`,
    // Room for every page's capped share of WebGL contexts (Chromium drops the
    // oldest context of the browser beyond this limit).
    `--max-active-webgl-contexts=${MAX_WEBGL_CONTEXTS * poolSize + 4}`,
    '--window-size=800,800',
    ...extra.split(/\s+/).filter(Boolean),
  ];
}

/** Starts Chromium and returns {browser, jail, userDataDir, close()}. */
async function launchBrowser(options) {
  const executable = options.chromiumPath;
  if (!fs.existsSync(executable)) {
    const err = new Error(
      `Chromium not found at ${executable}. Install Debian's package: apt-get install chromium ` +
        '(or set PP_CHROMIUM to a Chromium binary).',
    );
    err.code = 'CHROMIUM_MISSING';
    throw err;
  }
  const jail = probeJail();
  const isRoot = process.getuid() === 0;
  // Chromium, once jailed, must own its profile folder and nothing else.
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-chromium-'));
  if (isRoot) fs.chownSync(userDataDir, NOBODY, NOBODY);

  const browser = await puppeteer.launch({
    executablePath: JAIL,
    pipe: true, // DevTools over a pipe: no remote-debugging port exists at all
    headless: true,
    userDataDir,
    args: chromiumArgs(options),
    // Keep popups blocked and the default background behaviour off.
    ignoreDefaultArgs: ['--disable-popup-blocking', '--enable-automation'],
    env: {
      PATH: process.env.PATH || '/usr/bin:/bin',
      HOME: userDataDir,
      XDG_CONFIG_HOME: userDataDir,
      XDG_CACHE_HOME: userDataDir,
      PP_CHROMIUM: executable,
      PP_JAIL_NETNS: jail.empty_network_namespace ? '1' : '0',
      // Chromium refuses to start as root with its sandbox on: the jail drops us to nobody.
      PP_JAIL_UID: String(NOBODY),
      PP_JAIL_GID: String(NOBODY),
      TZ: 'UTC',
      LANG: 'C.UTF-8',
    },
    protocolTimeout: options.protocolTimeoutMs,
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
  const close = async () => {
    try {
      await browser.close();
    } catch {
      const proc = browser.process();
      if (proc && proc.exitCode === null) proc.kill('SIGKILL');
    }
    fs.rmSync(userDataDir, { recursive: true, force: true });
  };
  return { browser, jail, userDataDir, close };
}

// --- process accounting (/proc) ---------------------------------------------

function readProcTable() {
  const table = new Map();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      table.set(Number(name), {
        ppid: Number(rest[1]),
        cpuTicks: Number(rest[11]) + Number(rest[12]),
        rssPages: Number(rest[21]),
      });
    } catch {
      // the process ended while we looked
    }
  }
  return table;
}

function descendants(rootPid, table = readProcTable()) {
  const out = [];
  const stack = [rootPid];
  while (stack.length) {
    const pid = stack.pop();
    for (const [child, info] of table) {
      if (info.ppid === pid) {
        out.push(child);
        stack.push(child);
      }
    }
  }
  return out;
}

const PAGE_SIZE = 4096;

/** RSS (bytes) and CPU seconds of a process tree, root included. */
function treeUsage(rootPid) {
  const table = readProcTable();
  const pids = [rootPid, ...descendants(rootPid, table)];
  let rss = 0;
  let ticks = 0;
  for (const pid of pids) {
    const info = table.get(pid);
    if (!info) continue;
    rss += info.rssPages * PAGE_SIZE;
    ticks += info.cpuTicks;
  }
  return { rssBytes: rss, cpuSeconds: ticks / 100, processes: pids.length };
}

function isRendererProcess(pid) {
  try {
    // Chromium rewrites its process title, so the arguments may be joined by
    // spaces rather than NULs.
    return /(^|[\0 ])--type=renderer([\0 ]|$)/.test(fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
  } catch {
    return false;
  }
}

/** The browser's GPU process (WebGL runs there, through SwiftShader), or null. */
function gpuProcess(browserPid) {
  for (const pid of descendants(browserPid)) {
    try {
      if (/(^|[\0 ])--type=gpu-process([\0 ]|$)/.test(fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8'))) return pid;
    } catch {
      // gone
    }
  }
  return null;
}

/**
 * Time (ns) the threads of a process have spent running or ready to run
 * (schedstat: on a CPU plus waiting in a run queue), or null once it is gone.
 * Waiting counts: on a loaded machine a busy process gets a small share of a
 * CPU, but it is never idle.
 */
function processActiveNs(pid) {
  let tids;
  try {
    tids = fs.readdirSync(`/proc/${pid}/task`);
  } catch {
    return null;
  }
  let total = 0;
  for (const tid of tids) {
    try {
      const [running, waiting] = fs.readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ');
      total += Number(running) + Number(waiting);
    } catch {
      // the thread ended while we looked
    }
  }
  return total;
}

/** Resident memory of one process in bytes, or null once it is gone. */
function residentBytes(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[21]) * PAGE_SIZE;
  } catch {
    return null;
  }
}

/**
 * Kills any renderer process of the browser whose resident memory exceeds
 * limitBytes. The page it served then reports a crash, which the pool turns
 * into CRASHED for that item only. Returns the pids killed.
 */
function killOversizedRenderers(browserPid, limitBytes) {
  const table = readProcTable();
  const killed = [];
  for (const pid of descendants(browserPid, table)) {
    const info = table.get(pid);
    if (!info || info.rssPages * PAGE_SIZE <= limitBytes) continue;
    if (!isRendererProcess(pid)) continue;
    try {
      process.kill(pid, 'SIGKILL');
      killed.push(pid);
    } catch {
      // already gone
    }
  }
  return killed;
}

module.exports = { launchBrowser, treeUsage, killOversizedRenderers, gpuProcess, processActiveNs, residentBytes };
