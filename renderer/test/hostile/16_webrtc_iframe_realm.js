// 16 WebRTC from another realm: the harness guards window.RTCPeerConnection of the
// page, so the sketch runs WebRTC inside a srcdoc iframe (its script carries the
// stolen nonce) whose window has its own, unguarded RTCPeerConnection, with a STUN
// server on the test's UDP listener, a data channel and an offer.
// Containment: no UDP packet reaches the listener (empty network namespace, WebRTC
// forced through a dead proxy), and the item is BLOCKED: frames are not allowed.
'use strict';

module.exports = {
  expect: ['BLOCKED'],
  code: String.raw`
const PP_NONCE = document.currentScript && document.currentScript.nonce;
const nap = (ms) => new Promise((r) => setTimeout(r, ms));
async function setup() {
  createCanvas(100, 100);
  background(0, 200, 0);
  const inner = 'try {' +
    'const pc = new RTCPeerConnection({ iceServers: [{ urls: "stun:127.0.0.1:__UDP_PORT__" }] });' +
    'pc.onicecandidate = (e) => { if (e.candidate) console.log("LEAK ice candidate in frame " + e.candidate.candidate); };' +
    'pc.createDataChannel("exfil");' +
    'pc.createOffer().then((o) => pc.setLocalDescription(o)).then(() => console.log("frame webrtc offer made"), (e) => console.log("frame webrtc failed " + e.name));' +
    '} catch (e) { console.log("frame webrtc threw " + e.name); }';
  const f = document.createElement('iframe');
  f.srcdoc = '<script nonce="' + PP_NONCE + '">' + inner + '<' + '/script>';
  document.body.appendChild(f);
  await nap(1200);
}
`,
};
