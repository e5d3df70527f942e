/** True in the browser build, false in the desktop app's (vite.web.config.ts, electron.vite.config.ts). */
declare const __PWA__: boolean;
