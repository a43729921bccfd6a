// Runs before the first paint (a same-origin file, so the CSP needs no inline script): no flash of the wrong theme.
(function () {
  try {
    var stored = localStorage.getItem('localkit-theme');
    var mode = stored === 'light' || stored === 'dark' ? stored : 'system';
    var dark = mode === 'dark' || (mode === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.classList.add(dark ? 'dark' : 'light');
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  } catch {
    /* storage blocked: stay light */
  }
})();
