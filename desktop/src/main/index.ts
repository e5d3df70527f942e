import path from 'node:path';
import { app } from 'electron';
import { createElectronAdapter } from './electron-adapter';
import { startDesktopApp } from './app';

// Lifecycle only: everything else lives in modules behind the adapter.
void startDesktopApp(createElectronAdapter(), {
  rendererDir: path.join(__dirname, '../renderer'),
  preloadPath: path.join(__dirname, '../preload/index.cjs'),
  iconDir: app.isPackaged ? process.resourcesPath : path.join(__dirname, '../../../build'),
});
