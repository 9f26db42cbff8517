/*
 * Minimal stand-in for Google's `gapi` iframe transport (https://apis.google.com/js/api.js),
 * served by browser-contexts.ts, as apis.google.com, to the browsers it launches.
 *
 * Why it exists: the e2e browser runs offline, and apis.google.com is unreachable. The
 * Firebase JS SDK's signInWithPopup loads gapi to open a hidden helper iframe
 * (Auth emulator: http://127.0.0.1:9099/emulator/auth/iframe), and that helper page loads
 * gapi too, to talk back to the app page. Everything else is real: the real SDK, the real
 * Auth emulator helper iframe and the real emulator popup widget (/emulator/auth/handler).
 * Only Google's iframe transport library is substituted, with the small subset the SDK and
 * the emulator iframe use, carried over window.postMessage. A browser not launched by
 * browser-contexts.ts (with network) loads the real gapi instead.
 *
 * What is used (from @firebase/auth 1.13.x and firebase-tools' emulator/auth/handlers.js):
 *   - script loading: `api.js?onload=<callbackName>` (SDK) and `window.gapi_onload` (emulator iframe)
 *   - gapi.load('gapi.iframes', { callback, ontimeout, timeout }); gapi.iframes.Iframe must exist
 *   - gapi.iframes.getContext().open({ where, url, attributes, messageHandlersFilter, dontclear }, onOpen)
 *     returning a promise of onOpen(iframe)'s result
 *   - iframe.restyle({...}) -> promise; iframe.ping(cb) -> thenable resolved once the child answers
 *   - iframe.register(type, handler, filter) / iframe.send(type, data, cb, filter), cb(results[])
 *   - gapi.iframes.getContext().getParentIframe().register / .send (inside the helper iframe)
 *   - gapi.iframes.CROSS_ORIGIN_IFRAMES_FILTER
 *
 * Wire protocol (private to this file): every message is an object tagged with TAG. The child
 * says "hello" when it calls getParentIframe(); the parent queues its own messages until then.
 * A "call" is answered with a "reply" carrying the handler results as an array (one entry per
 * handler, as gapi does). A call whose type has no handler yet is held until one registers: the
 * helper iframe sends its first authEvent before the SDK has registered its 'authEvent' handler.
 */
/* global window, document, location */
(() => {
  'use strict';

  const TAG = '__dayfocusGapiIframesShim';
  const PARENT_ORIGIN_PARAM = 'dayfocusGapiParent';
  const PING = '__ping';
  const SUPPORTED_MODULES = ['gapi.iframes'];
  const currentScript = document.currentScript;

  if (window.gapi?.iframes?.Iframe) {
    // Loaded twice (SDK retry): keep the existing state, just fire the callbacks again.
    runOnloadCallbacks();
    return;
  }

  /** Every Iframe: the child frames this window opened, and its parent if it is a child. */
  const channels = [];
  let nextId = 1;

  class Iframe {
    constructor(getTargetWindow, targetOrigin, element) {
      this._getTargetWindow = getTargetWindow;
      this._targetOrigin = targetOrigin; // '*' when unknown
      this._element = element ?? null;
      this._handlers = new Map(); // type -> { handler, filter }
      this._held = new Map(); // type -> call messages received before a handler registered
      this._pendingReplies = new Map(); // id -> callback(results)
      this._outbox = []; // messages waiting for the other side to be ready
      this._connected = false;
      channels.push(this);
    }

    getIframeEl() {
      return this._element;
    }

    getSiteEl() {
      return this._element ? this._element.parentNode : null;
    }

    getWindow() {
      return this._getTargetWindow();
    }

    getOrigin() {
      return this._targetOrigin;
    }

    restyle(style) {
      const el = this._element;
      if (el && style) {
        if (style.width !== undefined) el.style.width = toCssLength(style.width);
        if (style.height !== undefined) el.style.height = toCssLength(style.height);
      }
      // Other options (setHideOnLeave, ...) only matter for gapi's visible widgets.
      return Promise.resolve({ status: 'ACK' });
    }

    /** Resolves (and calls back) once the other side answers, i.e. once it is listening. */
    ping(callback, data) {
      return this.send(PING, data ?? null, callback);
    }

    register(type, handler, filter) {
      this._handlers.set(type, { handler, filter });
      const held = this._held.get(type);
      if (held) {
        this._held.delete(type);
        for (const message of held) this._dispatchCall(message);
      }
    }

    unregister(type) {
      this._handlers.delete(type);
    }

    /** callback(results): one result per handler on the other side, as gapi does. */
    send(type, data, callback, _filter) {
      return new Promise((resolve) => {
        const id = `m${nextId++}`;
        this._pendingReplies.set(id, (results) => {
          // The SDK's webStorageSupport callback throws on purpose after reading the result
          // (its `_fail` after `cb`); gapi swallows callback errors, and so does this.
          safeCall(callback, results);
          resolve(results);
        });
        this._post({ kind: 'call', id, type, data });
      });
    }

    close() {
      const index = channels.indexOf(this);
      if (index >= 0) channels.splice(index, 1);
      this._element?.remove();
    }

    _post(message) {
      message[TAG] = 1;
      if (!this._connected) {
        this._outbox.push(message);
        return;
      }
      this._getTargetWindow()?.postMessage(message, this._targetOrigin);
    }

    _markConnected() {
      if (this._connected) return;
      this._connected = true;
      const queued = this._outbox;
      this._outbox = [];
      for (const message of queued) this._post(message);
    }

    _receive(message) {
      if (message.kind === 'hello') {
        this._markConnected();
      } else if (message.kind === 'call') {
        this._dispatchCall(message);
      } else if (message.kind === 'reply') {
        const pending = this._pendingReplies.get(message.id);
        if (pending) {
          this._pendingReplies.delete(message.id);
          pending(message.results ?? []);
        }
      }
    }

    _dispatchCall(message) {
      if (message.type === PING) {
        this._post({ kind: 'reply', id: message.id, results: [{ status: 'ACK' }] });
        return;
      }
      const entry = this._handlers.get(message.type);
      if (!entry || (typeof entry.filter === 'function' && !entry.filter(this))) {
        const held = this._held.get(message.type) ?? [];
        held.push(message);
        this._held.set(message.type, held);
        return;
      }
      Promise.resolve()
        .then(() => entry.handler(message.data, this))
        .then(
          (result) => [result === undefined ? null : result],
          () => [],
        )
        .then((results) => this._post({ kind: 'reply', id: message.id, results }));
    }
  }

  window.addEventListener('message', (event) => {
    const message = event.data;
    if (!message || typeof message !== 'object' || message[TAG] !== 1) return;
    const channel = channels.find((c) => c.getWindow() === event.source);
    if (!channel) return;
    if (channel.getOrigin() !== '*' && channel.getOrigin() !== event.origin) return;
    channel._receive(message);
  });

  let parentIframe = null;

  const context = {
    open(options, onOpen) {
      let where = options.where;
      if (typeof where === 'string') where = document.getElementById(where);
      where = where || document.body;

      const url = new URL(options.url, location.href);
      const element = document.createElement('iframe');
      for (const [name, value] of Object.entries(options.attributes ?? {})) {
        if (name === 'style' && value && typeof value === 'object') {
          Object.assign(element.style, value);
        } else {
          element.setAttribute(name, String(value));
        }
      }
      // Tell the child which origin to talk to, in the fragment: the query string stays as the
      // SDK built it (the emulator popup finds the helper frame by its apiKey/appName params).
      const fragment = new URLSearchParams(url.hash.slice(1));
      fragment.set(PARENT_ORIGIN_PARAM, location.origin);
      url.hash = fragment.toString();

      const iframe = new Iframe(() => element.contentWindow, url.origin === 'null' ? '*' : url.origin, element);
      element.src = url.toString();
      where.appendChild(element);
      return Promise.resolve().then(() => (onOpen ? onOpen(iframe) : iframe));
    },

    getParentIframe() {
      if (window.parent === window) return null;
      if (!parentIframe) {
        const parentOrigin = new URLSearchParams(location.hash.slice(1)).get(PARENT_ORIGIN_PARAM) ?? '*';
        parentIframe = new Iframe(() => window.parent, parentOrigin === 'null' ? '*' : parentOrigin);
        // The parent listens before it inserts this frame, so it can be written to at once.
        parentIframe._markConnected();
        parentIframe._post({ kind: 'hello' });
      }
      return parentIframe;
    },

    getWindow() {
      return window;
    },
  };
  context.openChild = context.open;

  window.gapi = window.gapi ?? {};
  window.gapi.iframes = {
    Iframe,
    CROSS_ORIGIN_IFRAMES_FILTER: () => true,
    getContext: () => context,
  };
  window.gapi.load = (modules, config) => {
    const options = typeof config === 'function' ? { callback: config } : (config ?? {});
    const missing = String(modules)
      .split(':')
      .filter((name) => name && !SUPPORTED_MODULES.includes(name));
    setTimeout(() => {
      if (missing.length) {
        const fail = options.onerror ?? options.ontimeout;
        fail?.(new Error(`gapi stand-in: module not available offline: ${missing.join(', ')}`));
        return;
      }
      options.callback?.();
    }, 0);
  };

  runOnloadCallbacks();

  /** `api.js?onload=<name>` (the SDK) and `window.gapi_onload` (the emulator helper iframe). */
  function runOnloadCallbacks() {
    let callbackName = null;
    try {
      callbackName = currentScript ? new URL(currentScript.src).searchParams.get('onload') : null;
    } catch {
      callbackName = null;
    }
    setTimeout(() => {
      if (callbackName && typeof window[callbackName] === 'function') window[callbackName]();
      if (typeof window.gapi_onload === 'function') window.gapi_onload();
    }, 0);
  }

  function safeCall(callback, value) {
    if (typeof callback !== 'function') return;
    try {
      callback(value);
    } catch {
      // see Iframe#send
    }
  }

  function toCssLength(value) {
    return typeof value === 'number' ? `${value}px` : String(value);
  }
})();
