import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './i18n';
import './index.css';
import { App } from './app/App';
import { wakeMediaStack } from './engines/media/wake-media-stack';

// Before any tool or worker reaches WebCodecs' VideoEncoder (WebKitGTK crashes otherwise; see the module).
wakeMediaStack();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
