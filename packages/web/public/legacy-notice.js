// Runs only in browsers without module scripts (Internet Explorer): the app cannot, so say why.
// The list follows SUPPORTED_BROWSERS of packages/core/src/web/browser-support.ts.
(function () {
  var root = document.getElementById('root');
  if (!root) return;
  root.innerHTML =
    '<div style="max-width:520px;margin:64px auto;padding:24px;font-family:Segoe UI,Arial,sans-serif;color:#212529">' +
    '<h1 style="font-size:22px">This browser can\'t run Caseload</h1>' +
    '<p>Internet Explorer is no longer supported. Open Caseload in one of these browsers:</p><ul>' +
    '<li>Microsoft Edge 137 or newer</li><li>Mozilla Firefox 140 or newer</li>' +
    '<li>Google Chrome or Chromium 138 or newer</li><li>Safari 18.4 or newer on a Mac or an iPhone</li></ul></div>';
})();
