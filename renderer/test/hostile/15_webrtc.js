// 15 WebRTC: RTCPeerConnection with a STUN server on the test's UDP listener, a data
// channel, createOffer and setLocalDescription (which starts ICE gathering: UDP
// packets to the STUN server). No page policy covers WebRTC.
// Containment: the harness refuses RTCPeerConnection (BLOCKED) and the empty network
// namespace / dead proxy stop any packet; the UDP listener receives nothing.
'use strict';

module.exports = {
  expect: ['BLOCKED'],
  code: String.raw`
const nap = (ms) => new Promise((r) => setTimeout(r, ms));
async function setup() {
  createCanvas(100, 100);
  background(0, 200, 0);
  const pc = new RTCPeerConnection({ iceServers: [{ urls: 'stun:127.0.0.1:__UDP_PORT__' }, { urls: 'turn:127.0.0.1:__UDP_PORT__?transport=udp', username: 'u', credential: 'p' }] });
  pc.onicecandidate = (e) => { if (e.candidate) console.log('LEAK ice candidate ' + e.candidate.candidate); };
  pc.createDataChannel('exfil');
  const offer = await pc.createOffer();
  await pc.setLocalDescription(offer);
  await nap(700);
}
`,
};
