/* global document */
// The member's chosen theme (stores/session.ts, key 'mahalle-theme') for the loading shell in index.html,
// before the app's code arrives. Without a choice the shell follows prefers-color-scheme.
try {
  var t = localStorage.getItem('mahalle-theme');
  if (t === 'dark' || t === 'light') document.documentElement.dataset.theme = t;
} catch (e) {
  /* storage unavailable: follow the system */
}
