import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, preloadFirstRoute } from './App';
import { platform } from './platform';
import { initApi } from './api/client';
import './styles.css';

preloadFirstRoute(platform.kind === 'desktop' ? window.location.hash.slice(1) : window.location.pathname);
void initApi().finally(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
