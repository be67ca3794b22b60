// 43 dialogs: alert, confirm, prompt and print at top level (before p5 replaces
// window.print) and from setup; a blocking modal would hang the page forever.
// Containment: no dialog blocks the page: the sandbox suppresses them (SUCCESS) or
// the service dismisses them (BLOCKED); never a TIMEOUT.
'use strict';

module.exports = {
  expect: ['BLOCKED', 'SUCCESS'],
  code: String.raw`
const pp_print = window.print;
alert('top-level alert');
console.log('confirm returned ' + confirm('top-level confirm'));
console.log('prompt returned ' + prompt('top-level prompt', 'x'));
pp_print.call(window);
function setup() {
  createCanvas(100, 100);
  background(0, 200, 0);
  alert('setup alert');
  confirm('setup confirm');
  prompt('setup prompt');
  pp_print.call(window);
}
`,
};
