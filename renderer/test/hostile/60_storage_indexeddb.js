// 60 IndexedDB: opens a database, reads a record an earlier render stored, then
// stores its own (three copies in one batch: at least two share a page).
// Containment: no render sees an earlier one's record (no "LEAK" line); the opaque
// origin refuses IndexedDB (RUNTIME_ERROR, or SUCCESS when caught).
'use strict';

module.exports = {
  copies: 3,
  expect: ['SUCCESS', 'RUNTIME_ERROR'],
  code: String.raw`
const PP_MARK = 'pp-secret-' + location.pathname;
function pp_idb() {
  return new Promise((resolve) => {
    let req;
    try { req = indexedDB.open('pp-db', 1); } catch (e) { console.log('indexedDB refused: ' + e.name); resolve(false); return; }
    req.onupgradeneeded = () => req.result.createObjectStore('kv');
    req.onerror = () => { console.log('indexedDB error: ' + (req.error && req.error.name)); resolve(false); };
    req.onsuccess = () => {
      const db = req.result;
      const get = db.transaction('kv', 'readonly').objectStore('kv').get('pp');
      get.onsuccess = () => {
        const seen = !!get.result;
        if (seen) console.log('LEAK indexedDB ' + get.result);
        const tx = db.transaction('kv', 'readwrite');
        tx.objectStore('kv').put(PP_MARK, 'pp');
        tx.oncomplete = () => resolve(seen);
        tx.onerror = () => resolve(seen);
      };
      get.onerror = () => resolve(false);
    };
  });
}
async function setup() {
  createCanvas(100, 100);
  const seen = await pp_idb();
  background(seen ? color(255, 0, 0) : color(0, 200, 0));
}
`,
};
