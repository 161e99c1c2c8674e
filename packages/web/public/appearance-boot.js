// Before the first paint: the user's colour scheme and font size from the last load on this
// device (src/ui/appearance.ts writes them), so a dark or large-font user never sees a white,
// small flash. A plain script because the page's policy allows no inline ones.
(function () {
  var scheme = 'light';
  var large = false;
  try {
    var saved = JSON.parse(localStorage.getItem('caseload:appearance') || 'null') || {};
    scheme = saved.colorScheme === 'dark' || saved.colorScheme === 'light' ? saved.colorScheme : '';
    large = saved.fontSize === 'Large';
  } catch (e) {
    scheme = '';
  }
  if (!scheme) scheme = window.matchMedia && matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  var root = document.documentElement;
  root.setAttribute('data-mantine-color-scheme', scheme);
  if (large) {
    root.setAttribute('data-font-size', 'large');
    root.style.zoom = '1.25'; // core's LARGE_FONT_ZOOM
  }
})();
