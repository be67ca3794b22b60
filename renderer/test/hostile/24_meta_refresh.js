// 24 <meta http-equiv=refresh>: a refresh to the local listener written into the
// head during parsing (document.write) and appended from setup; also a
// meta http-equiv Content-Security-Policy that tries to loosen the policy.
// Containment: no navigation reaches the listener. BLOCKED when interception saw the
// navigation, SUCCESS when the sandbox refused the refresh silently.
'use strict';

module.exports = {
  expect: ['BLOCKED', 'SUCCESS'],
  code: String.raw`
document.write('<meta http-equiv="refresh" content="0;url=http://127.0.0.1:__PORT__/meta-written">');
const nap = (ms) => new Promise((r) => setTimeout(r, ms));
async function setup() {
  createCanvas(100, 100);
  background(0, 200, 0);
  const c = document.createElement('meta');
  c.httpEquiv = 'Content-Security-Policy';
  c.content = "connect-src *";
  document.head.appendChild(c);
  const m = document.createElement('meta');
  m.httpEquiv = 'refresh';
  m.content = '0;url=http://127.0.0.1:__PORT__/meta-appended';
  document.head.appendChild(m);
  await nap(1200);
}
`,
};
