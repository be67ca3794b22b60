// In-page harness: runs in the render page before any other script.
//
// What it is trusted with, and why that is little. The sketch that runs after
// it is hostile and shares its realm, so the harness never decides a status
// that the sketch could steer:
// - errors (their status, message and line) are read by the service from the
//   DevTools protocol; all the harness does is stop page listeners from
//   cancelling error events (a first capturing listener), so the browser
//   reports every uncaught error;
// - the one call that starts the read-back comes from p5's private start-up,
//   after p5's own `await #_setup()` resolved (src/libraries.js patches p5 to
//   pass it through a closure); `_draw`, lifecycle hooks and everything else
//   the sketch can call only draw;
// - the report goes through a DevTools binding deleted from window before the
//   sketch exists, carries a per-render secret announced in the harness's
//   first message, and is accepted by the service only from this document's
//   execution context;
// - it uses only built-ins captured before the sketch runs, called with
//   Reflect.apply on values whose behaviour page script cannot change
//   (primitives, null-prototype objects, brand-checked platform objects).
// What still comes from the page is listed in renderer/README.md.
//
// Stages: ppHarness(CONFIG) runs first; window.__pp_after_libs() runs once
// p5 (and p5.brush, when loaded) have loaded and removes itself; the service
// then runs the sketch (Runtime.runScript) while the parser waits on a gate
// script; p5 starts on the load event.
/* eslint-disable no-restricted-globals */
function ppHarness(CONFIG) {
  'use strict';
  const W = window;
  const O = Object;
  const apply = Reflect.apply;
  const construct = Reflect.construct;
  const defineProperty = O.defineProperty;
  const getOwnPropertyDescriptor = O.getOwnPropertyDescriptor;
  const getOwnPropertyNames = O.getOwnPropertyNames;
  const hasOwn = O.hasOwn;
  const create = O.create;
  const freeze = O.freeze;
  const preventExtensions = O.preventExtensions;
  const getPrototypeOf = O.getPrototypeOf;
  const stringify = JSON.stringify;
  const StringOf = String;
  const ProxyCtor = Proxy;
  const WeakSetProto = WeakSet.prototype;
  const newWeakSet = () => construct(WeakSet, []);
  const weakHas = WeakSetProto.has;
  const weakAdd = WeakSetProto.add;
  const strSlice = String.prototype.slice;
  const strLower = String.prototype.toLowerCase;
  const strCharCodeAt = String.prototype.charCodeAt;
  const floor = Math.floor;
  const ceil = Math.ceil;
  const max = Math.max;
  const round = Math.round;
  const NumberOf = Number;
  const now = performance.now.bind(performance);
  const setTimeoutRef = W.setTimeout.bind(W);
  const getRandomValues = Crypto.prototype.getRandomValues;
  const cryptoObj = W.crypto;
  const addEventListener = EventTarget.prototype.addEventListener;
  const stopImmediatePropagation = Event.prototype.stopImmediatePropagation;
  const getter = (proto, name) => getOwnPropertyDescriptor(proto, name).get;
  const setter = (proto, name) => getOwnPropertyDescriptor(proto, name).set;
  const eventTarget = getter(Event.prototype, 'target');
  const createElement = Document.prototype.createElement;
  const canvasProto = HTMLCanvasElement.prototype;
  const canvasGetContext = canvasProto.getContext;
  const canvasToDataURL = canvasProto.toDataURL;
  const canvasWidthGet = getter(canvasProto, 'width');
  const canvasHeightGet = getter(canvasProto, 'height');
  const setCanvasWidth = setter(canvasProto, 'width');
  const setCanvasHeight = setter(canvasProto, 'height');
  const isConnectedGetter = getter(Node.prototype, 'isConnected');
  const ctx2d = CanvasRenderingContext2D.prototype;
  const offscreen2d = typeof OffscreenCanvasRenderingContext2D === 'function' ? OffscreenCanvasRenderingContext2D.prototype : null;
  const OffscreenProto = typeof OffscreenCanvas === 'function' ? OffscreenCanvas.prototype : null;
  const drawImage = ctx2d.drawImage;
  const fillRect = ctx2d.fillRect;
  const setFillStyle = setter(ctx2d, 'fillStyle');
  const imageCurrentSrc = getter(HTMLImageElement.prototype, 'currentSrc');
  const svgImageHref = typeof SVGImageElement === 'function' ? getter(SVGImageElement.prototype, 'href') : null;
  const blobType = getter(Blob.prototype, 'type');
  const createObjectURL = URL.createObjectURL;
  // Per WebGL flavour: what a one-pixel read-back needs (see finishGpuWork).
  const glApis = [];
  for (const Ctor of [W.WebGL2RenderingContext, W.WebGLRenderingContext]) {
    if (typeof Ctor !== 'function') continue;
    const p = Ctor.prototype;
    glApis.push({
      getExtension: p.getExtension,
      readPixels: p.readPixels,
      getParameter: p.getParameter,
      bindBuffer: p.bindBuffer,
      isContextLost: p.isContextLost,
      packBinding: Ctor === W.WebGL2RenderingContext ? 0x88ed /* PIXEL_PACK_BUFFER_BINDING */ : 0,
    });
  }
  const doc = document;

  // window.name survives navigations within a tab: a channel between sketches.
  W.name = '';

  // --- the channel to the service ------------------------------------------------
  const report = W[CONFIG.binding];
  delete W[CONFIG.binding];
  // The secret exists only here and in the service: nothing the page can read
  // (its HTML, globals, the binding's name) is enough to make a report count.
  const secret = (() => {
    const words = apply(getRandomValues, cryptoObj, [construct(Uint32Array, [4])]);
    let hex = '';
    for (let i = 0; i < 4; i++) hex += `${(words[i] >>> 0) + 4294967296}`; // digits only, no string methods
    return hex;
  })();
  const send = (payload) => apply(report, W, [stringify(payload)]);
  {
    const hello = create(null);
    hello.kind = 'hello';
    hello.secret = secret;
    send(hello);
  }

  // --- state (closure only) -------------------------------------------------------
  const t0 = now();
  let finished = false;
  let finishedDrawing = false; // the image is taken (the result may still be on its way)
  const brushCalls = create(null);
  let textCalls = 0;
  const brushNames = create(null); // built-in brushes the sketch selected (set/pick/hatchStyle)
  let brushDepth = 0; // >0 inside a counted p5.brush call: its inner calls are p5.brush's own
  let hookDepth = 0; // >0 while p5 runs library lifecycle hooks (p5.brush flushes)
  let sketchMs = 0; // time spent inside the sketch's setup() and draw()
  let framesDrawn = 0; // draw() calls of the main instance that returned
  let consoleCalls = 0;
  let mainInstance = null;
  const driven = newWeakSet();
  const marks = create(null); // ms since harness start, for profiling
  const mark = (name) => { marks[name] = now() - t0; };

  function finish(status, detail, image) {
    if (finished) return;
    finished = true;
    // Null-prototype objects holding primitives only: serialising them calls
    // nothing the sketch can replace.
    const calls = create(null);
    // Index loops: an iteration protocol would call the page's Array iterator.
    const callNames = getOwnPropertyNames(brushCalls);
    for (let i = 0; i < callNames.length; i++) calls[callNames[i]] = brushCalls[callNames[i]];
    const brushes = create(null);
    const brushList = getOwnPropertyNames(brushNames);
    for (let i = 0; i < brushList.length; i++) brushes[brushList[i]] = true;
    const payload = create(null);
    payload.kind = 'result';
    payload.secret = secret;
    payload.status = status;
    payload.detail = detail == null ? null : apply(strSlice, StringOf(detail), [0, 2000]);
    payload.image = image || null;
    payload.brush_calls = calls;
    payload.text_calls = textCalls;
    payload.brushes_used = brushes;
    payload.brush_marks = brushMarks;
    payload.brush_mark_kinds = markKinds;
    payload.brushes_marked = markBrushes;
    payload.brush_paint_share = brushPaintShare;
    payload.console_dropped = consoleCalls > CONSOLE_CAP ? consoleCalls - CONSOLE_CAP : 0;
    payload.frames = framesDrawn;
    payload.sketch_ms = sketchMs;
    payload.page_ms = now() - t0;
    payload.marks = marks;
    try {
      send(payload);
    } catch (e) {
      const fallback = create(null);
      fallback.kind = 'result';
      fallback.secret = secret;
      fallback.status = 'RENDERER_ERROR';
      fallback.detail = 'the harness could not send its report';
      send(fallback);
    }
  }
  const block = (why) => finish('BLOCKED', why);

  // --- errors: the browser reports them, nobody in the page may cancel them -------
  // Uncaught errors and rejections are read by the service from the DevTools
  // protocol, which reports an error event only when no listener cancelled it.
  // These listeners come first on window (registered before any other script)
  // and end the event's dispatch there, so no listener, handler attribute or
  // getter of the sketch ever sees it. Errors of resources (an <img> that
  // failed) target their element and are left alone.
  const stopAtWindow = (e) => {
    if (apply(eventTarget, e, []) === W) apply(stopImmediatePropagation, e, []);
  };
  apply(addEventListener, W, ['error', stopAtWindow, true]);
  apply(addEventListener, W, ['unhandledrejection', stopAtWindow, true]);
  apply(addEventListener, W, ['rejectionhandled', stopAtWindow, true]);

  // --- determinism: a seeded Math.random before any library captures it ------------
  // sfc32, seeded from CONFIG.seed by splitmix32.
  let sm = CONFIG.seed >>> 0;
  const splitmix = () => {
    sm = (sm + 0x9e3779b9) | 0;
    let z = sm;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = splitmix();
  let b = splitmix();
  let c = splitmix();
  let d = splitmix();
  Math.random = function random() {
    a >>>= 0; b >>>= 0; c >>>= 0; d >>>= 0;
    const t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    const r = (t + d) | 0;
    c = (c + r) | 0;
    return (r >>> 0) / 4294967296;
  };

  // --- WebRTC: the one channel no page policy covers; no use in a painting ----------
  for (const name of ['RTCPeerConnection', 'webkitRTCPeerConnection', 'RTCDataChannel']) {
    defineProperty(W, name, {
      configurable: false,
      get() {
        block(`the sketch tried to use ${name} (WebRTC)`);
        return undefined;
      },
    });
  }

  // --- window.stop(): stopping the page's own load is a trick, not a painting -------
  // (the service also ends an item whose page stops loading before its load
  // event, whatever stopped it)
  for (const holder of [W, Window.prototype]) {
    if (hasOwn(holder, 'stop')) {
      defineProperty(holder, 'stop', {
        configurable: false,
        writable: false,
        value: function stop() { block('the sketch stopped its page from loading (window.stop())'); },
      });
    }
  }

  // --- console: capped at the source, every method ----------------------------------
  // Each call costs the service a DevTools message; beyond the cap a call does
  // nothing. Every function of console is wrapped, not a list of known ones.
  const CONSOLE_CAP = CONFIG.console_cap;
  const consoleObj = W.console;
  for (const method of getOwnPropertyNames(consoleObj)) {
    const orig = consoleObj[method];
    if (typeof orig !== 'function') continue;
    if (method === 'context') {
      // console.context() makes a console with methods of its own: the
      // capped one stands in for it.
      consoleObj.context = function context() { return consoleObj; };
      continue;
    }
    consoleObj[method] = function () {
      consoleCalls++;
      if (consoleCalls > CONSOLE_CAP) return undefined;
      return apply(orig, consoleObj, arguments);
    };
  }

  // --- canvas memory -----------------------------------------------------------------
  // Each canvas side is clamped (a 40000-pixel canvas would take gigabytes),
  // and WebGL contexts are counted per render. These are the fast path; the
  // bound that holds whatever the route is the service's memory watchdog over
  // every process of the page's browser, the GPU process included.
  const MAX_SIDE = CONFIG.max_canvas_side;
  const clampSide = (v) => {
    const n = +v; // one coercion: what is checked is what is set
    return n > MAX_SIDE ? MAX_SIDE : n;
  };
  for (const proto of [canvasProto, OffscreenProto]) {
    if (!proto) continue;
    for (const side of ['width', 'height']) {
      const desc = getOwnPropertyDescriptor(proto, side);
      defineProperty(proto, side, {
        configurable: true,
        enumerable: desc.enumerable,
        get: desc.get,
        set(v) { apply(desc.set, this, [clampSide(v)]); },
      });
    }
  }
  if (OffscreenProto) {
    const Offscreen = OffscreenCanvas;
    const Clamped = function OffscreenCanvas(w, h) {
      return construct(Offscreen, [clampSide(w), clampSide(h)], new.target || Clamped);
    };
    Clamped.prototype = OffscreenProto;
    W.OffscreenCanvas = Clamped;
  }
  // WebGL contexts this render created, so that their queued GPU work is
  // finished inside the render's own time before the read-back.
  let webglCount = 0;
  const webglContexts = create(null);
  const countedCanvases = newWeakSet();
  const WEBGL_KINDS = freeze({ __proto__: null, webgl: true, webgl2: true, 'experimental-webgl': true });
  for (const proto of [canvasProto, OffscreenProto]) {
    if (!proto) continue;
    const getContext = proto.getContext;
    const widthGet = getter(proto, 'width');
    const heightGet = getter(proto, 'height');
    proto.getContext = function getContext_(kind, options) {
      // One coercion, and the primitive is what the browser sees: a kind whose
      // toString answers differently on a second call cannot dodge the count.
      const k = typeof kind === 'string' ? kind : StringOf(kind);
      // A canvas whose side came in through an attribute (setAttribute,
      // innerHTML) is clamped before a backing store exists.
      const w = apply(widthGet, this, []);
      const h = apply(heightGet, this, []);
      if (w > MAX_SIDE) this.width = MAX_SIDE;
      if (h > MAX_SIDE) this.height = MAX_SIDE;
      if (WEBGL_KINDS[k] === true && !apply(weakHas, countedCanvases, [this])) {
        webglCount++;
        if (webglCount > CONFIG.max_webgl_contexts) {
          block(`the sketch created more than ${CONFIG.max_webgl_contexts} WebGL contexts`);
          return null;
        }
        if (finishedDrawing) return null; // the image is taken: no more GPU work
        apply(weakAdd, countedCanvases, [this]); // each canvas once: p5 asks again for the same one
        const ctx = apply(getContext, this, [k, options]);
        if (ctx) {
          webglContexts[webglCount] = ctx;
          webglLosers[webglCount] = loserOf(ctx);
        }
        return ctx;
      }
      return apply(getContext, this, [k, options]);
    };
  }
  // The WEBGL_lose_context extension of a context, taken before the context
  // is handed to anyone, and its loseContext from the first one: nothing the
  // sketch patches later can keep a context of this render alive.
  const webglLosers = create(null);
  let loseContext = null;
  function loserOf(ctx) {
    for (let k = 0; k < glApis.length; k++) {
      try {
        const ext = apply(glApis[k].getExtension, ctx, ['WEBGL_lose_context']);
        if (ext && loseContext === null) loseContext = getOwnPropertyDescriptor(getPrototypeOf(ext), 'loseContext').value;
        return ext;
      } catch {
        // not this flavour of context: try the next
      }
    }
    return null;
  }
  // After the read-back, every WebGL context of the render is lost: work the
  // sketch might still queue (from a timer, before the result is sent) can
  // no longer reach the GPU process the next render will use.
  function loseGpuContexts() {
    for (let i = 1; i <= webglCount; i++) {
      const ext = webglLosers[i];
      if (!ext || !loseContext) continue;
      try {
        apply(loseContext, ext, []);
      } catch {
        // already lost
      }
    }
  }
  // Waits for the GPU work of every WebGL context the render made. finish()
  // is not enough (Chromium may keep commands recorded but unsubmitted); a
  // read-back of one pixel is: it returns only once everything queued before
  // it has been drawn. State the read depends on is restored as it was.
  const onePixel = construct(Uint8Array, [4]);
  function finishGpuWork() {
    for (let i = 1; i <= webglCount; i++) {
      const ctx = webglContexts[i];
      if (!ctx) continue;
      for (let k = 0; k < glApis.length; k++) {
        const api = glApis[k];
        try {
          if (apply(api.isContextLost, ctx, [])) break; // a lost context has nothing left to do
          const pack = api.packBinding ? apply(api.getParameter, ctx, [api.packBinding]) : null;
          if (pack) apply(api.bindBuffer, ctx, [0x88eb /* PIXEL_PACK_BUFFER */, null]);
          apply(api.readPixels, ctx, [0, 0, 1, 1, 0x1908 /* RGBA */, 0x1401 /* UNSIGNED_BYTE */, onePixel]);
          if (pack) apply(api.bindBuffer, ctx, [0x88eb, pack]);
          break;
        } catch {
          // not this flavour of context: try the next
        }
      }
    }
  }

  // --- text on a canvas, by any drawing route the page offers -------------------------
  // fillText/strokeText on every 2D context and p5's text() count. So does an
  // image decoded from an SVG (which can hold <text> or HTML) drawn onto any
  // canvas or uploaded as a texture. Counting never depends on a depth shared
  // with other wrappers: a text() inside a brush call's argument counts too.
  // The image itself is also read for text by the reward's detector.
  const blobTypes = create(null); // blob: URL -> the Blob's type, for every URL the page made
  URL.createObjectURL = function createObjectURL_(obj) {
    const url = apply(createObjectURL, URL, [obj]);
    try {
      blobTypes[url] = apply(strLower, apply(blobType, obj, []), []);
    } catch {
      blobTypes[url] = ''; // not a Blob (a MediaSource): counted as markup if drawn
    }
    return url;
  };
  // An image is "markup" unless it comes from a raster format: the browser
  // decodes SVG (which can hold <text> and, through foreignObject, HTML) only
  // when its MIME type says so, and never sniffs it.
  const RASTER = freeze({ __proto__: null, 'image/png': true, 'image/jpeg': true, 'image/jpg': true, 'image/gif': true,
    'image/webp': true, 'image/bmp': true, 'image/avif': true, 'image/x-icon': true, 'image/vnd.microsoft.icon': true });
  const isSpace = (code) => code === 32 || code === 9 || code === 10 || code === 12 || code === 13;
  // The MIME type of a data: URL, as the fetch standard reads it (lower case, trimmed).
  function dataUrlType(url) {
    let i = 5; // after "data:"
    while (i < url.length && isSpace(apply(strCharCodeAt, url, [i]))) i++;
    let end = i;
    while (end < url.length) {
      const c = apply(strCharCodeAt, url, [end]);
      if (c === 59 /* ; */ || c === 44 /* , */) break;
      end++;
    }
    while (end > i && isSpace(apply(strCharCodeAt, url, [end - 1]))) end--;
    return apply(strLower, apply(strSlice, url, [i, end]), []);
  }
  const isMarkupImage = (source) => {
    if (source == null || typeof source !== 'object') return false;
    if (svgImageHref) {
      try {
        apply(svgImageHref, source, []); // succeeds only on an SVG <image> element: an SVG source by definition
        return true;
      } catch {
        // not one
      }
    }
    let src;
    try {
      src = apply(imageCurrentSrc, source, []); // throws unless a real <img>
    } catch {
      return false;
    }
    if (typeof src !== 'string' || src.length === 0) return false;
    if (apply(strLower, apply(strSlice, src, [0, 5]), []) === 'data:') return RASTER[dataUrlType(src)] !== true;
    if (apply(strLower, apply(strSlice, src, [0, 5]), []) === 'blob:') return blobTypes[src] === undefined || RASTER[blobTypes[src]] !== true;
    return false; // any other URL was refused by the page's policy
  };
  // Counted once per drawing call: p5's text() draws through fillText, whose
  // own count it suppresses (a depth of its own, shared with nothing else).
  let textDepth = 0;
  const countText = (orig) => function () {
    if (textDepth === 0) textCalls++;
    textDepth++;
    try {
      return apply(orig, this, arguments);
    } finally {
      textDepth--;
    }
  };
  const countMarkupSource = (orig, index) => function () {
    if (isMarkupImage(arguments[index])) textCalls++;
    return apply(orig, this, arguments);
  };
  for (const proto of [ctx2d, offscreen2d]) {
    if (!proto) continue;
    proto.fillText = countText(proto.fillText);
    proto.strokeText = countText(proto.strokeText);
    proto.drawImage = countMarkupSource(proto.drawImage, 0);
    proto.createPattern = countMarkupSource(proto.createPattern, 0);
  }
  // Texture uploads take the image at different positions in their overloads.
  const countMarkupAnywhere = (orig) => function () {
    for (let i = 0; i < arguments.length; i++) {
      if (isMarkupImage(arguments[i])) {
        textCalls++;
        break;
      }
    }
    return apply(orig, this, arguments);
  };
  for (const Ctor of [W.WebGLRenderingContext, W.WebGL2RenderingContext]) {
    if (typeof Ctor !== 'function') continue;
    const proto = Ctor.prototype;
    proto.texImage2D = countMarkupAnywhere(proto.texImage2D);
    proto.texSubImage2D = countMarkupAnywhere(proto.texSubImage2D);
  }
  {
    const orig = W.createImageBitmap;
    if (typeof orig === 'function') {
      W.createImageBitmap = function createImageBitmap(source) {
        if (isMarkupImage(source)) textCalls++;
        return apply(orig, W, arguments);
      };
    }
    // A VideoFrame can be made from an image and drawn like one.
    const Frame = W.VideoFrame;
    if (typeof Frame === 'function') {
      const Counted = function VideoFrame(source) {
        if (isMarkupImage(source)) textCalls++;
        return construct(Frame, arguments, new.target || Counted);
      };
      Counted.prototype = Frame.prototype;
      W.VideoFrame = Counted;
    }
  }

  // --- brush marks: which p5.brush calls left paint in the final image ------------------
  // p5.brush (patched, src/libraries.js) reports each stamp of a stroke (centre,
  // radius, opacity), each region a fill marks, and each composite of a mask
  // onto its target. Each composite onto the main canvas is read back before
  // and after (its region only): the pixels it changed are owned by it, with
  // the value it left. At the end the main canvas is read once more, and a
  // pixel still belongs to its composite only if it still holds that value.
  // A call earns a mark when at least MIN_MARK_PIXELS of the pixels under its
  // own stamps (or inside its own fill regions) belong, at the end, to the
  // composite that drew them: strokes painted over, strokes into a buffer,
  // zero-size, off-canvas, transparent or colour-on-same-colour strokes, and
  // calls made with stroke, fill and hatch off earn nothing.
  const MIN_MARK_PIXELS = 4;
  const CHANGED = 2; // per channel: what a composite must change for a pixel to be its own
  const f64 = (n) => construct(Float64Array, [n]);
  const typedSet = getOwnPropertyDescriptor(getPrototypeOf(Uint8Array.prototype), 'set').value;
  const grow = (arr, need) => { // the ledger's arrays are all Float64Array
    if (need <= arr.length) return arr;
    let size = arr.length * 2;
    while (size < need) size *= 2;
    const bigger = construct(Float64Array, [size]);
    apply(typedSet, bigger, [arr]);
    return bigger;
  };
  // Primitive calls: id -> name, and what they are credited with.
  const prims = create(null); // id -> {name, brush, hatchBrush}
  let primCount = 0;
  let activePrim = 0; // the outermost counted call in progress (0: none)
  let hatchDepth = 0; // >0 inside one of p5.brush's own hatching calls
  let currentBrush = null; // the built-in brush of the last set()/pick() that returned
  let currentHatchBrush = null;
  // Stamps: prim, x, y, r, kind (1 stroke, 2 hatch), composite (-1: queued, -2: in the mask, >= 0: composited)
  const STAMP = 6;
  let stamps = f64(STAMP * 1024);
  let stampCount = 0;
  let stampsCommitted = 0; // stamps before this index are in the mask (or dropped)
  let stampsComposited = 0; // ... and before this one composited or dropped
  // Fill regions: prim, minX, minY, maxX, maxY, composite (-2: in the mask)
  const FILL = 6;
  let fills = f64(FILL * 256);
  let fillCount = 0;
  let fillsComposited = 0;
  // The ledger over the main canvas's device pixels lives on the GPU, beside
  // the canvas, so that keeping it never makes the page wait for the GPU: each
  // composite onto the main canvas copies its region before and after into
  // textures, and one small pass writes, where the two differ, the composite's
  // number into an owner texture and the value it left into an expected one.
  // Only the final read-back reads them.
  let ledger = null; // {gl, w, h, program, vao, fb, owner, expected, before, after, uIndex}
  let compositeCount = 0;
  let ledgerMs = 0; // time spent keeping the ledger (profiling)
  // WebGL2RenderingContext.prototype, as it was before the sketch: every call below is a captured native.
  const G = typeof WebGL2RenderingContext === 'function' ? WebGL2RenderingContext.prototype : null;
  const GLF = create(null);
  if (G) {
    for (const name of getOwnPropertyNames(G)) {
      const d = getOwnPropertyDescriptor(G, name);
      if (d && typeof d.value === 'function') GLF[name] = d.value;
    }
  }
  const glCall = (gl, name, args) => apply(GLF[name], gl, args);
  const masks = construct(WeakMap, []);
  const weakMapGet = WeakMap.prototype.get;
  const weakMapSet = WeakMap.prototype.set;
  const colorMaskOf = (gl) => apply(weakMapGet, masks, [gl]) || [true, true, true, true];
  if (G) {
    const colorMask = GLF.colorMask;
    G.colorMask = function (r, g, b, a) {
      apply(weakMapSet, masks, [this, [!!r, !!g, !!b, !!a]]);
      return apply(colorMask, this, arguments);
    };
  }
  const GLC = freeze({ __proto__: null, TEXTURE_2D: 0x0de1, RGBA8: 0x8058, RGBA: 0x1908, UNSIGNED_BYTE: 0x1401,
    FRAMEBUFFER: 0x8d40, DRAW_FRAMEBUFFER: 0x8ca9, READ_FRAMEBUFFER: 0x8ca8, COLOR_ATTACHMENT0: 0x8ce0,
    COLOR_ATTACHMENT1: 0x8ce1, TEXTURE0: 0x84c0, TEXTURE1: 0x84c1, TRIANGLES: 0x0004, SCISSOR_TEST: 0x0c11,
    BLEND: 0x0be2, DEPTH_TEST: 0x0b71, STENCIL_TEST: 0x0b90, CULL_FACE: 0x0b44, RASTERIZER_DISCARD: 0x8c89,
    DRAW_FRAMEBUFFER_BINDING: 0x8ca6, READ_FRAMEBUFFER_BINDING: 0x8caa, VIEWPORT: 0x0ba2,
    CURRENT_PROGRAM: 0x8b8d, VERTEX_ARRAY_BINDING: 0x85b5, ACTIVE_TEXTURE: 0x84e0,
    TEXTURE_BINDING_2D: 0x8069, SAMPLER_BINDING: 0x8919, PIXEL_PACK_BUFFER: 0x88eb, PIXEL_PACK_BUFFER_BINDING: 0x88ed,
    READ_BUFFER: 0x0c02, VERTEX_SHADER: 0x8b31, FRAGMENT_SHADER: 0x8b30, NEAREST: 0x2600, TEXTURE_MIN_FILTER: 0x2801,
    TEXTURE_MAG_FILTER: 0x2800 });
  const LEDGER_VS = '#version 300 es\nvoid main(){vec2 p=vec2(float((gl_VertexID<<1)&2),float(gl_VertexID&2));gl_Position=vec4(p*2.0-1.0,0.0,1.0);}';
  const LEDGER_FS = '#version 300 es\nprecision highp float;uniform sampler2D u_before;uniform sampler2D u_after;uniform vec4 u_index;'
    + 'layout(location=0) out vec4 o_owner;layout(location=1) out vec4 o_expected;'
    + 'void main(){ivec2 p=ivec2(gl_FragCoord.xy);vec4 a=texelFetch(u_after,p,0);vec4 b=texelFetch(u_before,p,0);'
    + `vec4 d=abs(a-b)*255.0;if(max(max(d.r,d.g),max(d.b,d.a))<=${CHANGED}.5)discard;o_owner=u_index;o_expected=a;}`;
  const glCanvasOf = G ? getter(G, 'canvas') : null;
  const glBufferWidth = G ? getter(G, 'drawingBufferWidth') : null;
  const glBufferHeight = G ? getter(G, 'drawingBufferHeight') : null;

  function mainGl(gl) {
    // A composite counts only on the main instance's own canvas.
    if (!G || mainInstance === null) return false;
    let canvas;
    try {
      canvas = apply(glCanvasOf, gl, []);
    } catch {
      return false;
    }
    return canvas === ownData(ownData(mainInstance, '_renderer'), 'canvas');
  }

  // The GL state the ledger's work touches, to put back exactly as it was.
  function saveState(gl) {
    const st = create(null);
    const get = (pname) => glCall(gl, 'getParameter', [pname]);
    st.draw = get(GLC.DRAW_FRAMEBUFFER_BINDING);
    st.read = get(GLC.READ_FRAMEBUFFER_BINDING);
    st.viewport = get(GLC.VIEWPORT);
    st.scissor = glCall(gl, 'isEnabled', [GLC.SCISSOR_TEST]);
    st.blend = glCall(gl, 'isEnabled', [GLC.BLEND]);
    st.depth = glCall(gl, 'isEnabled', [GLC.DEPTH_TEST]);
    st.stencil = glCall(gl, 'isEnabled', [GLC.STENCIL_TEST]);
    st.cull = glCall(gl, 'isEnabled', [GLC.CULL_FACE]);
    st.discard = glCall(gl, 'isEnabled', [GLC.RASTERIZER_DISCARD]);
    // Asking the context for its colour mask (or scissor box) waits on the GPU process; the mask is
    // tracked instead, at every call that sets it.
    st.mask = colorMaskOf(gl);
    st.program = get(GLC.CURRENT_PROGRAM);
    st.vao = get(GLC.VERTEX_ARRAY_BINDING);
    st.pack = get(GLC.PIXEL_PACK_BUFFER_BINDING);
    st.active = get(GLC.ACTIVE_TEXTURE);
    glCall(gl, 'activeTexture', [GLC.TEXTURE0]);
    st.tex0 = get(GLC.TEXTURE_BINDING_2D);
    st.sampler0 = get(GLC.SAMPLER_BINDING);
    glCall(gl, 'activeTexture', [GLC.TEXTURE1]);
    st.tex1 = get(GLC.TEXTURE_BINDING_2D);
    st.sampler1 = get(GLC.SAMPLER_BINDING);
    return st;
  }
  function restoreState(gl, st) {
    const enable = (cap, on) => glCall(gl, on ? 'enable' : 'disable', [cap]);
    glCall(gl, 'activeTexture', [GLC.TEXTURE1]);
    glCall(gl, 'bindTexture', [GLC.TEXTURE_2D, st.tex1]);
    glCall(gl, 'bindSampler', [1, st.sampler1]);
    glCall(gl, 'activeTexture', [GLC.TEXTURE0]);
    glCall(gl, 'bindTexture', [GLC.TEXTURE_2D, st.tex0]);
    glCall(gl, 'bindSampler', [0, st.sampler0]);
    glCall(gl, 'activeTexture', [st.active]);
    glCall(gl, 'bindBuffer', [GLC.PIXEL_PACK_BUFFER, st.pack]);
    glCall(gl, 'bindVertexArray', [st.vao]);
    glCall(gl, 'useProgram', [st.program]);
    glCall(gl, 'colorMask', [st.mask[0], st.mask[1], st.mask[2], st.mask[3]]);
    enable(GLC.RASTERIZER_DISCARD, st.discard);
    enable(GLC.CULL_FACE, st.cull);
    enable(GLC.STENCIL_TEST, st.stencil);
    enable(GLC.DEPTH_TEST, st.depth);
    enable(GLC.BLEND, st.blend);
    enable(GLC.SCISSOR_TEST, st.scissor);
    glCall(gl, 'viewport', [st.viewport[0], st.viewport[1], st.viewport[2], st.viewport[3]]);
    glCall(gl, 'bindFramebuffer', [GLC.READ_FRAMEBUFFER, st.read]);
    glCall(gl, 'bindFramebuffer', [GLC.DRAW_FRAMEBUFFER, st.draw]);
  }

  function texture(gl, w, h) {
    const t = glCall(gl, 'createTexture', []);
    glCall(gl, 'bindTexture', [GLC.TEXTURE_2D, t]);
    glCall(gl, 'texStorage2D', [GLC.TEXTURE_2D, 1, GLC.RGBA8, w, h]); // zero-filled
    glCall(gl, 'texParameteri', [GLC.TEXTURE_2D, GLC.TEXTURE_MIN_FILTER, GLC.NEAREST]);
    glCall(gl, 'texParameteri', [GLC.TEXTURE_2D, GLC.TEXTURE_MAG_FILTER, GLC.NEAREST]);
    return t;
  }
  function shader(gl, type, source) {
    const sh = glCall(gl, 'createShader', [type]);
    glCall(gl, 'shaderSource', [sh, source]);
    glCall(gl, 'compileShader', [sh]);
    return sh;
  }
  // Made on the first composite onto the main canvas, and again if its size changed (a new ledger).
  function ledgerFor(gl) {
    const w = apply(glBufferWidth, gl, []);
    const h = apply(glBufferHeight, gl, []);
    if (ledger !== null && ledger.gl === gl && ledger.w === w && ledger.h === h) return ledger;
    const L = create(null);
    L.gl = gl;
    L.w = w;
    L.h = h;
    L.owner = texture(gl, w, h);
    L.expected = texture(gl, w, h);
    L.before = texture(gl, w, h);
    L.after = texture(gl, w, h);
    L.fb = glCall(gl, 'createFramebuffer', []);
    glCall(gl, 'bindFramebuffer', [GLC.DRAW_FRAMEBUFFER, L.fb]);
    glCall(gl, 'framebufferTexture2D', [GLC.DRAW_FRAMEBUFFER, GLC.COLOR_ATTACHMENT0, GLC.TEXTURE_2D, L.owner, 0]);
    glCall(gl, 'framebufferTexture2D', [GLC.DRAW_FRAMEBUFFER, GLC.COLOR_ATTACHMENT1, GLC.TEXTURE_2D, L.expected, 0]);
    glCall(gl, 'drawBuffers', [[GLC.COLOR_ATTACHMENT0, GLC.COLOR_ATTACHMENT1]]);
    L.program = glCall(gl, 'createProgram', []);
    glCall(gl, 'attachShader', [L.program, shader(gl, GLC.VERTEX_SHADER, LEDGER_VS)]);
    glCall(gl, 'attachShader', [L.program, shader(gl, GLC.FRAGMENT_SHADER, LEDGER_FS)]);
    glCall(gl, 'linkProgram', [L.program]);
    glCall(gl, 'useProgram', [L.program]);
    glCall(gl, 'uniform1i', [glCall(gl, 'getUniformLocation', [L.program, 'u_before']), 0]);
    glCall(gl, 'uniform1i', [glCall(gl, 'getUniformLocation', [L.program, 'u_after']), 1]);
    L.uIndex = glCall(gl, 'getUniformLocation', [L.program, 'u_index']);
    L.vao = glCall(gl, 'createVertexArray', []);
    ledger = L;
    return L;
  }
  // Copies the main canvas's region into a texture of the ledger (GPU to GPU).
  function copyRegion(L, tex, x, y, w, h) {
    const gl = L.gl;
    glCall(gl, 'bindFramebuffer', [GLC.READ_FRAMEBUFFER, null]);
    glCall(gl, 'activeTexture', [GLC.TEXTURE0]);
    glCall(gl, 'bindTexture', [GLC.TEXTURE_2D, tex]);
    glCall(gl, 'copyTexSubImage2D', [GLC.TEXTURE_2D, 0, x, y, x, y, w, h]);
  }

  const brushHooks = create(null);
  brushHooks.stamp = (x, y, r, alpha) => {
    if (activePrim === 0 || !(r > 0) || !(alpha >= 1)) return; // no call of the sketch's, or no paint
    stamps = grow(stamps, (stampCount + 1) * STAMP);
    const o = stampCount * STAMP;
    stamps[o] = activePrim; stamps[o + 1] = x; stamps[o + 2] = y; stamps[o + 3] = r;
    stamps[o + 4] = hatchDepth > 0 ? 2 : 1; stamps[o + 5] = -1;
    stampCount++;
  };
  brushHooks.dirty = (which, rect) => {
    if (!rect) return;
    if (which === 2) { // the stroke mask was drawn: every queued stamp is in it now
      for (let i = stampsCommitted; i < stampCount; i++) stamps[i * STAMP + 5] = -2;
      stampsCommitted = stampCount;
      return;
    }
    if (which !== 1 || activePrim === 0) return;
    fills = grow(fills, (fillCount + 1) * FILL);
    const o = fillCount * FILL;
    fills[o] = activePrim; fills[o + 1] = rect.minX; fills[o + 2] = rect.minY; fills[o + 3] = rect.maxX; fills[o + 4] = rect.maxY;
    fills[o + 5] = -2;
    fillCount++;
  };
  // A mask cleared without being composited: what was in it never shows.
  brushHooks.cleared = (strokeMask) => {
    if (strokeMask) {
      for (let i = stampsComposited; i < stampsCommitted; i++) if (stamps[i * STAMP + 5] === -2) stamps[i * STAMP + 5] = -3;
      stampsComposited = stampsCommitted;
    } else {
      for (let i = fillsComposited; i < fillCount; i++) if (fills[i * FILL + 5] === -2) fills[i * FILL + 5] = -3;
      fillsComposited = fillCount;
    }
  };
  let region = null; // the main-canvas region (GL coordinates) of the composite in progress
  brushHooks.composite = (phase, strokeMask, rect, toFramebuffer, gl) => {
    const t = now();
    let st = null;
    try {
      if (phase === 0) {
        const index = compositeCount++;
        // What the mask holds now is what this composite shows.
        if (strokeMask) {
          for (let i = stampsComposited; i < stampsCommitted; i++) if (stamps[i * STAMP + 5] === -2) stamps[i * STAMP + 5] = index;
          stampsComposited = stampsCommitted;
        } else {
          for (let i = fillsComposited; i < fillCount; i++) if (fills[i * FILL + 5] === -2) fills[i * FILL + 5] = index;
          fillsComposited = fillCount;
        }
        region = null;
        if (toFramebuffer || !rect || !mainGl(gl)) return; // a buffer, or another canvas: no mark on the painting
        st = saveState(gl);
        const L = ledgerFor(gl);
        const w = rect.maxX - rect.minX;
        const h = rect.maxY - rect.minY;
        if (!(w > 0) || !(h > 0)) return;
        region = { index, x: rect.minX, y: L.h - rect.maxY, w, h }; // GL's rows run bottom-up
        copyRegion(L, L.before, region.x, region.y, w, h);
        return;
      }
      if (region === null) return;
      const { index, x, y, w, h } = region;
      region = null;
      st = saveState(gl);
      const L = ledgerFor(gl);
      copyRegion(L, L.after, x, y, w, h);
      glCall(gl, 'bindFramebuffer', [GLC.DRAW_FRAMEBUFFER, L.fb]);
      // The viewport alone bounds the pass to the region (gl_FragCoord stays in canvas pixels).
      glCall(gl, 'viewport', [x, y, w, h]);
      glCall(gl, 'disable', [GLC.SCISSOR_TEST]);
      glCall(gl, 'disable', [GLC.BLEND]);
      glCall(gl, 'disable', [GLC.DEPTH_TEST]);
      glCall(gl, 'disable', [GLC.STENCIL_TEST]);
      glCall(gl, 'disable', [GLC.CULL_FACE]);
      glCall(gl, 'disable', [GLC.RASTERIZER_DISCARD]);
      glCall(gl, 'colorMask', [true, true, true, true]);
      glCall(gl, 'useProgram', [L.program]);
      const n = index + 1; // 0 is "no composite"
      glCall(gl, 'uniform4f', [L.uIndex, (n & 255) / 255, ((n >>> 8) & 255) / 255, ((n >>> 16) & 255) / 255, 1]);
      glCall(gl, 'bindVertexArray', [L.vao]);
      glCall(gl, 'activeTexture', [GLC.TEXTURE0]);
      glCall(gl, 'bindTexture', [GLC.TEXTURE_2D, L.before]);
      glCall(gl, 'bindSampler', [0, null]);
      glCall(gl, 'activeTexture', [GLC.TEXTURE1]);
      glCall(gl, 'bindTexture', [GLC.TEXTURE_2D, L.after]);
      glCall(gl, 'bindSampler', [1, null]);
      glCall(gl, 'drawArrays', [GLC.TRIANGLES, 0, 3]);
    } catch {
      region = null; // the ledger missed this composite: its marks are not credited
    } finally {
      if (st !== null) {
        try { restoreState(gl, st); } catch { /* a lost context has no state to keep */ }
      }
      ledgerMs += now() - t;
    }
  };
  defineProperty(W, CONFIG.brush_key, { value: freeze(brushHooks), configurable: true, enumerable: false });

  // Marked calls by name, and by kind of mark; built-in brushes that left marks.
  const brushMarks = create(null);
  const markKinds = create(null);
  const markBrushes = create(null);
  let brushPaintShare = 0; // the share of the canvas's pixels that p5.brush paint still holds at the end
  // Reads one of the ledger's textures (rows bottom-up).
  function readLedger(L, attachment) {
    const out = construct(Uint8Array, [L.w * L.h * 4]);
    glCall(L.gl, 'bindFramebuffer', [GLC.READ_FRAMEBUFFER, L.fb]);
    glCall(L.gl, 'readBuffer', [attachment]);
    glCall(L.gl, 'readPixels', [0, 0, L.w, L.h, GLC.RGBA, GLC.UNSIGNED_BYTE, out]);
    return out;
  }
  // Marks are read only where the image is: the ledger must be the one kept on the canvas read back (a sketch
  // can point its renderer at another canvas after painting).
  function creditMarks(canvas) {
    if (ledger === null || compositeCount === 0) return;
    const L = ledger;
    const gl = L.gl;
    if (apply(glCanvasOf, gl, []) !== canvas) return;
    const W2 = L.w;
    const H2 = L.h;
    const st = saveState(gl);
    let ownerPx;
    let expectedPx;
    let finalPx;
    try {
      glCall(gl, 'bindBuffer', [GLC.PIXEL_PACK_BUFFER, null]);
      ownerPx = readLedger(L, GLC.COLOR_ATTACHMENT0);
      expectedPx = readLedger(L, GLC.COLOR_ATTACHMENT1);
      finalPx = construct(Uint8Array, [W2 * H2 * 4]);
      glCall(gl, 'bindFramebuffer', [GLC.READ_FRAMEBUFFER, null]);
      glCall(gl, 'readPixels', [0, 0, W2, H2, GLC.RGBA, GLC.UNSIGNED_BYTE, finalPx]);
    } finally {
      restoreState(gl, st);
    }
    // owner[p] (p from the top-left): the composite that last changed the pixel, if the pixel still holds
    // what that composite left, alpha included (the image is the canvas over white, so a pixel whose alpha
    // was cleared shows white whatever its colour); -1 otherwise. The share of the canvas that p5.brush paint
    // still holds is reported beside the marks: a call's mark needs only a few pixels, so the reward reads
    // how much of the picture is brush paint from this share.
    const owner = construct(Int32Array, [W2 * H2]);
    let ownedPixels = 0;
    for (let row = 0; row < H2; row++) {
      const py = H2 - 1 - row;
      for (let px = 0; px < W2; px++) {
        const k = (row * W2 + px) * 4;
        const n = ownerPx[k] | (ownerPx[k + 1] << 8) | (ownerPx[k + 2] << 16);
        let o = -1;
        if (n > 0) {
          const d0 = finalPx[k] - expectedPx[k];
          const d1 = finalPx[k + 1] - expectedPx[k + 1];
          const d2 = finalPx[k + 2] - expectedPx[k + 2];
          const d3 = finalPx[k + 3] - expectedPx[k + 3];
          if (d0 <= CHANGED && d0 >= -CHANGED && d1 <= CHANGED && d1 >= -CHANGED && d2 <= CHANGED && d2 >= -CHANGED
            && d3 <= CHANGED && d3 >= -CHANGED) {
            o = n - 1;
            ownedPixels++;
          }
        }
        owner[py * W2 + px] = o;
      }
    }
    brushPaintShare = ownedPixels / (W2 * H2);
    const ledgerW = W2;
    const ledgerH = H2;
    const found = construct(Int32Array, [primCount + 1]); // surviving pixels found per call (stops at the minimum)
    const kinds = construct(Uint8Array, [primCount + 1]); // bit 1 stroke, 2 hatch, 4 fill
    const countPixels = (prim, comp, x0, y0, x1, y1, cx, cy, r2) => {
      const xa = x0 < 0 ? 0 : x0;
      const ya = y0 < 0 ? 0 : y0;
      const xb = x1 > ledgerW ? ledgerW : x1;
      const yb = y1 > ledgerH ? ledgerH : y1;
      for (let py = ya; py < yb && found[prim] < MIN_MARK_PIXELS; py++) {
        for (let px = xa; px < xb; px++) {
          if (r2 >= 0) {
            const dx = px + 0.5 - cx;
            const dy = py + 0.5 - cy;
            if (dx * dx + dy * dy > r2) continue;
          }
          const p = py * ledgerW + px;
          if (owner[p] === comp && ++found[prim] >= MIN_MARK_PIXELS) return true;
        }
      }
      return found[prim] >= MIN_MARK_PIXELS;
    };
    for (let i = 0; i < stampCount; i++) {
      const o = i * STAMP;
      const prim = stamps[o];
      const comp = stamps[o + 5];
      if (comp < 0) continue;
      const x = stamps[o + 1];
      const y = stamps[o + 2];
      const r = stamps[o + 3];
      const kind = stamps[o + 4] === 2 ? 2 : 1;
      if ((kinds[prim] & kind) !== 0) continue; // this kind of mark of this call is already found
      if (found[prim] >= MIN_MARK_PIXELS || countPixels(prim, comp, floor(x - r), floor(y - r), ceil(x + r), ceil(y + r), x, y, r * r)) {
        kinds[prim] |= kind;
      }
    }
    for (let i = 0; i < fillCount; i++) {
      const o = i * FILL;
      const prim = fills[o];
      const comp = fills[o + 5];
      if (comp < 0 || (kinds[prim] & 4) !== 0) continue;
      if (found[prim] >= MIN_MARK_PIXELS || countPixels(prim, comp, fills[o + 1], fills[o + 2], fills[o + 3], fills[o + 4], 0, 0, -1)) kinds[prim] |= 4;
    }
    for (let id = 1; id <= primCount; id++) {
      if (kinds[id] === 0) continue;
      const rec = prims[id];
      brushMarks[rec.name] = (brushMarks[rec.name] | 0) + 1;
      if (kinds[id] & 1) {
        markKinds.stroke = (markKinds.stroke | 0) + 1;
        if (rec.brush !== null) markBrushes[rec.brush] = true;
      }
      if (kinds[id] & 2) {
        markKinds.hatch = (markKinds.hatch | 0) + 1;
        if (rec.hatchBrush !== null) markBrushes[rec.hatchBrush] = true;
      }
      if (kinds[id] & 4) markKinds.fill = (markKinds.fill | 0) + 1;
    }
  }

  // --- the lifecycle hooks p5 takes (and deletes) before any sketch code exists ---------
  const life = create(null);
  life.start = (inst) => {
    if (mainInstance === null) {
      mainInstance = inst;
      mark('p5_start');
    }
  };
  life.afterSetup = (inst) => driveFrames(inst);
  defineProperty(W, CONFIG.life_key, { value: freeze(life), configurable: true, enumerable: false });

  // --- stage 2: after the libraries, before the sketch ------------------------------
  let redraw = null;
  function afterLibs() {
    delete W.__pp_after_libs;
    mark('libs_loaded');
    if (hasOwn(W, CONFIG.life_key)) return finish('RENDERER_ERROR', 'p5.js did not take its lifecycle hooks');
    const P5 = W.p5;
    if (typeof P5 !== 'function') return finish('RENDERER_ERROR', 'p5.js did not load');
    const proto = P5.prototype;
    redraw = proto.redraw;
    lockResolution(proto);
    proto.text = countText(proto.text);
    // p5 calls _draw() from loop(); frames are driven by driveFrames only, so
    // calling it (with any `this`) draws nothing.
    proto._draw = function _draw() {};
    const runHook = proto._runLifecycleHook;
    proto._runLifecycleHook = function () {
      hookDepth++;
      try {
        return apply(runHook, this, arguments);
      } finally {
        hookDepth--;
      }
    };
    P5.registerAddon((p5, fn, lifecycles) => {
      lifecycles.presetup = function () {
        if (this === mainInstance) mark('presetup');
        // p5 turns WEBGL multisampling on in any browser whose user agent says
        // "Safari" (Chrome's does). Without a GPU, 4x samples cost SwiftShader
        // dearly; p5.brush's own buffers never use it. The sketch may still
        // ask for it with setAttributes().
        if (!CONFIG.antialias && this._glAttributes === null) this._glAttributes = { antialias: false };
        // Seeds p5's random() and noise(); p5.brush hooks both.
        this.randomSeed(CONFIG.seed);
        this.noiseSeed(CONFIG.seed);
        timeUserFunction(this, 'setup');
        timeUserFunction(this, 'draw');
      };
    });
    if (CONFIG.brush) {
      if (!wrapBrush()) return undefined;
      guardDefiners();
    }
    apply(addEventListener, W, ['load', onLoad]);
    // The service runs the sketch only after this: the gate script's request
    // may leave early (the browser's preload scanner), the libraries not.
    const ready = create(null);
    ready.kind = 'ready';
    ready.secret = secret;
    send(ready);
    return undefined;
  }
  defineProperty(W, '__pp_after_libs', { value: afterLibs, configurable: true });

  // Render at the reward resolution whatever canvas the sketch asks for: the
  // pixel density is chosen so the longer side is CONFIG.size pixels; the
  // sketch's own pixelDensity() calls are ignored.
  function lockResolution(proto) {
    const createCanvas = proto.createCanvas;
    const resizeCanvas = proto.resizeCanvas;
    const pixelDensity = proto.pixelDensity;
    let locking = false;
    const lock = (inst) => {
      const r = inst._renderer;
      if (!r || !(inst.width > 0) || !(inst.height > 0)) return;
      const target = CONFIG.size / max(inst.width, inst.height);
      if (r._pixelDensity === target) return;
      locking = true;
      try {
        apply(pixelDensity, inst, [target]);
      } finally {
        locking = false;
      }
    };
    proto.createCanvas = function (w, h) {
      // Never allocate the requested size first: a 30000-pixel WEBGL canvas
      // would take gigabytes in the GPU process. Create it scaled down, then
      // set the density and the logical size.
      const big = max(w, h);
      if (typeof w === 'number' && typeof h === 'number' && big > CONFIG.size) {
        const k = CONFIG.size / big;
        const args = [max(1, round(w * k)), max(1, round(h * k))];
        for (let i = 2; i < arguments.length; i++) args[i] = arguments[i];
        const out = apply(createCanvas, this, args);
        locking = true;
        try {
          apply(pixelDensity, this, [k]);
          apply(resizeCanvas, this, [w, h]);
        } finally {
          locking = false;
        }
        return out;
      }
      const out = apply(createCanvas, this, arguments);
      lock(this);
      return out;
    };
    // Offscreen buffers inherit the canvas density; a huge one is made at a
    // density that keeps its longer side within MAX_SIDE pixels.
    const createGraphics = proto.createGraphics;
    proto.createGraphics = function (w, h) {
      const r = this._renderer;
      const big = max(NumberOf(w) || 0, NumberOf(h) || 0);
      if (!r || !(big * r._pixelDensity > MAX_SIDE)) return apply(createGraphics, this, arguments);
      const saved = r._pixelDensity;
      r._pixelDensity = MAX_SIDE / big;
      try {
        return apply(createGraphics, this, arguments);
      } finally {
        r._pixelDensity = saved;
      }
    };
    proto.resizeCanvas = function () {
      const out = apply(resizeCanvas, this, arguments);
      if (!locking) lock(this);
      return out;
    };
    proto.pixelDensity = function (val) {
      if (typeof val === 'number' && !locking) return this; // ignored: the service sets resolution
      return apply(pixelDensity, this, arguments);
    };
  }

  // Times the sketch's setup()/draw() (sketch_ms) and counts the main
  // instance's draw() calls that returned (frames).
  const timedWrappers = newWeakSet();
  function timeUserFunction(inst, name) {
    const context = inst._isGlobal ? W : inst;
    const fn = context[name];
    if (typeof fn !== 'function' || apply(weakHas, timedWrappers, [fn])) return;
    const counts = name === 'draw';
    const done = (start) => {
      sketchMs += now() - start;
      if (counts && inst === mainInstance) framesDrawn++;
    };
    const timed = function () {
      const start = now();
      let result;
      try {
        result = apply(fn, this, arguments);
      } catch (e) {
        sketchMs += now() - start;
        throw e;
      }
      if (result && typeof result === 'object' && typeof result.then === 'function') {
        return result.then((v) => { done(start); return v; }, (e) => { sketchMs += now() - start; throw e; });
      }
      done(start);
      return result;
    };
    apply(weakAdd, timedWrappers, [timed]);
    context[name] = timed;
  }

  // Called by p5's private start-up once its own setup has resolved, never by
  // the sketch: draw() runs at most CONFIG.frames times, back to back (no
  // wall-clock pacing, so renders are deterministic), stopping early at
  // noLoop(); then the main canvas is read back. An error thrown by draw()
  // is not caught here: it stays an uncaught error, which the service reports.
  async function driveFrames(inst) {
    if (apply(weakHas, driven, [inst])) return;
    apply(weakAdd, driven, [inst]);
    if (inst === mainInstance) mark('setup_done');
    const context = inst._isGlobal ? W : inst;
    if (typeof context.draw === 'function') {
      for (let n = 1; ; n++) {
        await apply(redraw, inst, []);
        if (finished || n >= CONFIG.frames || !inst._loop) break;
      }
    }
    if (inst === mainInstance) readBack(inst);
  }

  // An own data property, read without running a getter of the page.
  function ownData(obj, key) {
    if (obj === null || (typeof obj !== 'object' && typeof obj !== 'function')) return undefined;
    const desc = getOwnPropertyDescriptor(obj, key);
    return desc && hasOwn(desc, 'value') ? desc.value : undefined;
  }

  function readBack(inst) {
    if (finished) return;
    mark('drawn');
    const renderer = ownData(inst, '_renderer');
    const canvas = ownData(renderer, 'canvas');
    let width;
    let height;
    try {
      // Brand checks: these throw unless `canvas` is a real <canvas>.
      width = apply(canvasWidthGet, canvas, []);
      height = apply(canvasHeightGet, canvas, []);
    } catch {
      return finish('NO_CANVAS', 'the sketch has no canvas to read (its p5 renderer holds none)');
    }
    if (!apply(isConnectedGetter, canvas, []) || !(width > 0) || !(height > 0)) {
      return finish('NO_CANVAS', 'the sketch removed its canvas (noCanvas() or DOM removal)');
    }
    try {
      finishGpuWork();
      mark('gpu_done');
      if (CONFIG.brush) {
        try {
          creditMarks(canvas);
        } catch {
          // no ledger: no marks credited
        }
        mark('marks');
        marks.ledger_ms = ledgerMs;
        marks.composites = compositeCount;
      }
      const out = apply(createElement, doc, ['canvas']);
      apply(setCanvasWidth, out, [CONFIG.size]);
      apply(setCanvasHeight, out, [CONFIG.size]);
      const g = apply(canvasGetContext, out, ['2d']);
      // What a viewer sees: the page is white behind a transparent canvas.
      apply(setFillStyle, g, ['#ffffff']);
      apply(fillRect, g, [0, 0, CONFIG.size, CONFIG.size]);
      apply(drawImage, g, [canvas, 0, 0, CONFIG.size, CONFIG.size]);
      mark('read');
      const url = apply(canvasToDataURL, out, ['image/png']);
      mark('encoded');
      finishedDrawing = true;
      loseGpuContexts();
      settleThenFinish(url);
    } catch (e) {
      return finish('RENDERER_ERROR', 'the harness could not read the canvas back');
    }
    return undefined;
  }

  // The image is taken; before the result is sent, the tasks the sketch
  // queued while it ran get their turn (a connection it opened, a rejection
  // nobody handled, a navigation it scheduled), so that what they set off
  // reaches the service before the result does, every time.
  function settleThenFinish(url) {
    let turns = 0;
    const next = () => {
      if (finished) return;
      if (++turns < SETTLE_TURNS) {
        setTimeoutRef(next, 0);
        return;
      }
      mark('settled');
      finish('SUCCESS', null, url);
    };
    setTimeoutRef(next, 0);
  }
  const SETTLE_TURNS = 2;

  // Every p5.brush function is replaced by a counting wrapper; the methods of
  // its classes (Polygon, Plot, ...) too. Counts live in this closure; only the
  // outermost call made by the sketch counts (not calls p5.brush makes
  // internally, nor its own flush in p5's lifecycle hooks). The API object and
  // the classes' prototypes are locked: replacing any of it is BLOCKED.
  function wrapBrush() {
    const lib = W.brush;
    if (!lib || typeof lib !== 'object') {
      finish('RENDERER_ERROR', 'p5.brush did not load');
      return false;
    }
    // The brushes p5.brush ships with: only these count as brushes used
    // (brush.add() can make any number of trivial ones).
    if (typeof lib.box === 'function') {
      const names = lib.box();
      for (let i = 0; i < names.length; i++) builtinBrushes[names[i]] = true;
    }
    const api = create(null);
    for (const name of getOwnPropertyNames(lib)) {
      const value = lib[name];
      api[name] = typeof value === 'function' ? counted(name, value) : value;
    }
    freeze(api);
    const guarded = new ProxyCtor(api, {
      set(target, key) { block(`the sketch tried to overwrite brush.${StringOf(key)}`); return false; },
      defineProperty(target, key) { block(`the sketch tried to redefine brush.${StringOf(key)}`); return false; },
      deleteProperty(target, key) { block(`the sketch tried to delete brush.${StringOf(key)}`); return false; },
      setPrototypeOf() { block('the sketch tried to replace the prototype of brush'); return false; },
    });
    defineProperty(W, 'brush', {
      configurable: false,
      enumerable: true,
      get() { return guarded; },
      set() { block('the sketch tried to replace window.brush'); },
    });
    return true;
  }
  const builtinBrushes = create(null);

  // Calls whose first argument names a brush (counted only when the call returned).
  const SELECTS_BRUSH = freeze({ __proto__: null, set: true, pick: true, hatchStyle: true });

  // p5.brush's own hatching calls (the API's and the classes'): strokes drawn
  // inside them are hatch marks.
  const isHatching = (name) => {
    for (let i = 0; i + 5 <= name.length; i++) {
      const c = apply(strSlice, name, [i, i + 5]);
      if (c === 'hatch' || c === 'Hatch') return true;
    }
    return false;
  };

  // A class is a function with a prototype object of its own methods.
  const isClass = (fn) => {
    const protoDesc = getOwnPropertyDescriptor(fn, 'prototype');
    if (!protoDesc || hasOwn(protoDesc, 'get') || !protoDesc.value || typeof protoDesc.value !== 'object') return false;
    return protoDesc.writable === false; // class prototypes are read-only; plain functions' are writable
  };

  function counted(name, fn) {
    const cls = isClass(fn);
    if (cls) lockClass(name, fn.prototype);
    const hatching = isHatching(name);
    const wrapper = function () {
      const outermost = brushDepth === 0 && hookDepth === 0;
      const savedPrim = activePrim;
      if (outermost) {
        const rec = create(null);
        rec.name = name;
        rec.brush = currentBrush;
        rec.hatchBrush = currentHatchBrush;
        prims[++primCount] = rec;
        activePrim = primCount;
      }
      if (hatching) hatchDepth++;
      brushDepth++;
      let result;
      try {
        result = new.target ? construct(fn, arguments, new.target) : apply(fn, this, arguments);
      } finally {
        brushDepth--;
        if (hatching) hatchDepth--;
        activePrim = savedPrim;
      }
      if (outermost) {
        brushCalls[name] = (brushCalls[name] | 0) + 1;
        const chosen = arguments[0];
        if (SELECTS_BRUSH[name] && typeof chosen === 'string' && builtinBrushes[chosen] === true) {
          brushNames[chosen] = true;
          if (name === 'hatchStyle') currentHatchBrush = chosen;
          else currentBrush = chosen;
        }
      }
      return result;
    };
    if (cls) defineProperty(wrapper, 'prototype', { value: fn.prototype, writable: false });
    return wrapper;
  }

  // A p5.brush class's methods become counting wrappers behind accessors whose
  // setter blocks; the prototype takes no new properties and keeps its parent.
  function lockClass(className, proto) {
    for (const m of getOwnPropertyNames(proto)) {
      if (m === 'constructor') continue;
      const desc = getOwnPropertyDescriptor(proto, m);
      if (!desc || typeof desc.value !== 'function') continue;
      const wrapped = counted(`${className}.${m}`, desc.value);
      defineProperty(proto, m, {
        configurable: false,
        enumerable: desc.enumerable,
        get() { return wrapped; },
        set() { block(`the sketch tried to overwrite brush.${className}.prototype.${m}`); },
      });
    }
    preventExtensions(proto);
    apply(weakAdd, lockedPrototypes, [proto]);
  }
  // Redefining a locked prototype's methods fails anyway (they are not
  // configurable); an attempt by any of the defining routes is BLOCKED, as
  // writing to brush.* is.
  const lockedPrototypes = newWeakSet();
  function guardDefiners() {
    const guard = (holder, name, targetIndex, useThis) => {
      const orig = holder[name];
      if (typeof orig !== 'function') return;
      holder[name] = function () {
        const target = useThis ? this : arguments[targetIndex];
        if (target !== null && typeof target === 'object' && apply(weakHas, lockedPrototypes, [target])) {
          block(`the sketch tried to redefine a method of a p5.brush class (${name})`);
        }
        return apply(orig, this, arguments);
      };
    };
    guard(O, 'defineProperty', 0, false);
    guard(O, 'defineProperties', 0, false);
    guard(O, 'setPrototypeOf', 0, false);
    guard(O, 'assign', 0, false);
    guard(Reflect, 'defineProperty', 0, false);
    guard(Reflect, 'setPrototypeOf', 0, false);
    guard(Reflect, 'set', 0, false);
    guard(Reflect, 'deleteProperty', 0, false);
    guard(O.prototype, '__defineGetter__', 0, true);
    guard(O.prototype, '__defineSetter__', 0, true);
    const protoDesc = getOwnPropertyDescriptor(O.prototype, '__proto__');
    if (protoDesc && protoDesc.set) {
      const setProto = protoDesc.set;
      defineProperty(O.prototype, '__proto__', {
        configurable: true,
        enumerable: false,
        get: protoDesc.get,
        set(v) {
          if (apply(weakHas, lockedPrototypes, [this])) block('the sketch tried to replace the prototype of a p5.brush class');
          return apply(setProto, this, [v]);
        },
      });
    }
  }

  // --- start on load: after the sketch's own top-level code has run -----------------
  // p5 starts itself at load: in global mode when setup() or draw() exist, in
  // instance mode through the sketch's `new p5(fn)`. Either announces its
  // instance through the lifecycle hooks; a task later, none means nothing
  // will be drawn.
  function onLoad() {
    mark('load');
    if (finished) return;
    setTimeoutRef(() => {
      if (!finished && mainInstance === null) {
        finish('NO_CANVAS', 'the sketch defines no setup() or draw() and creates no p5 instance, so nothing is drawn');
      }
    }, 0);
  }
}
