// Runs only in browsers without module scripts (Internet Explorer): the app cannot, so say why.
(function () {
  var root = document.getElementById('root');
  if (!root) return;
  root.innerHTML =
    '<div style="max-width:520px;margin:64px auto;padding:24px;font-family:Segoe UI,Arial,sans-serif;color:#212529">' +
    '<h1 style="font-size:22px">This browser can\'t run Caseload</h1>' +
    '<p>Internet Explorer is no longer supported. Open Caseload in Microsoft Edge, Google Chrome, ' +
    'Mozilla Firefox, or Safari on a Mac, iPhone or iPad.</p></div>';
})();
