/**
 * The one script of a short link's phone page, inlined under the page's CSP nonce: plain ES5 text,
 * not a module, as the page loads none of the app's code. Android: the app's `intent:` URL, then
 * Google Play if the page is still in front after a moment (the app did not open). iPhone: no
 * automatic move (a phone with the app opened the link in it already, as a universal link); the
 * copy action puts the short link on the clipboard, where the app looks for it on its first start,
 * then goes to the App Store, also when the clipboard refuses or does not answer within a second.
 */
export const openAppScript = `
(function () {
  var app = document.getElementById('open-app');
  var store = document.getElementById('get-app');
  var copy = document.getElementById('copy-invite');
  var left = false;
  var chosen = false;
  document.addEventListener('visibilitychange', function () { if (document.hidden) left = true; });
  window.addEventListener('pagehide', function () { left = true; });
  document.addEventListener('click', function (event) { if (event.target.closest && event.target.closest('a')) chosen = true; });
  if (copy) {
    copy.addEventListener('click', function (event) {
      event.preventDefault();
      var gone = false;
      var go = function () { if (!gone) { gone = true; window.location.href = copy.href; } };
      setTimeout(go, 1000);
      try { navigator.clipboard.writeText(copy.getAttribute('data-invite-link')).then(go, go); } catch (e) { go(); }
    });
    return;
  }
  if (!app || !store) return;
  window.location.href = app.href;
  setTimeout(function () { if (!left && !chosen && !document.hidden) window.location.replace(store.href); }, 1500);
})();
`;
