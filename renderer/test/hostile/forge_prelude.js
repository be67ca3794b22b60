// Shared by the hostile sketches that try to forge a report from another document (69-81): what
// the page gives away (the harness's config in the first script's text, the scripts' nonce) and a
// document whose script calls the harness's binding with a forged SUCCESS (a red image, line: 777).
// Not a test itself (hostile.test.js runs only NN_*.js).
'use strict';

const FORGE_PRELUDE = String.raw`
// What the page gives away: the harness's config (render id, binding name) in
// the first script's text, and the nonce every script of the page carries.
const PP_S0 = document.scripts[0];
const PP_CFG = (() => { try { return JSON.parse(/ppHarness\((\{[^\n]*?\})\)/.exec(PP_S0.textContent)[1]); } catch (e) { return {}; } })();
const PP_NONCE = PP_S0 ? PP_S0.nonce : '';
const nap = (ms) => new Promise((r) => setTimeout(r, ms));
function pp_forgedReport() {
  const c = document.createElement('canvas');
  c.width = 128; c.height = 128;
  const g = c.getContext('2d');
  g.fillStyle = '#ff0000';
  g.fillRect(0, 0, 128, 128);
  return JSON.stringify({ kind: 'result', render_id: PP_CFG.render_id, status: 'SUCCESS', detail: null, image: c.toDataURL('image/png'),
    brush_calls: { line: 777 }, text_calls: 0, brushes_used: { pen: true }, dom_text_chars: 0, frames: 1 });
}
// A script that calls the binding from whatever document the page holds next.
function pp_forgeScript() {
  return 'try{window[' + JSON.stringify(PP_CFG.binding) + '](' + JSON.stringify(pp_forgedReport()) + ')}catch(e){}';
}
function pp_forgeHtml() {
  return '<!doctype html><html><body><script nonce="' + PP_NONCE + '">' + pp_forgeScript() + '<' + '/script></body></html>';
}
function pp_forgeBlobUrl() {
  return URL.createObjectURL(new Blob([pp_forgeHtml()], { type: 'text/html' }));
}
`;

module.exports = { FORGE_PRELUDE };
