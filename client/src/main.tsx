// Frame busting must run before anything renders.
import { isFramed } from './frame-guard.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'react-toastify/ReactToastify.css';
import './styles/base.css';
import './components/components.css';
import { App } from './app.tsx';
import { isMobileUserAgent } from '../../common/mobile-notice.ts';
import { MobileNotice } from './components/mobile-notice.tsx';
import { watchAuthState } from './lib/auth.ts';
import { initFirebase } from './lib/firebase.ts';
import { initMessaging } from './lib/push.ts';
import { loadRuntimeConfig } from './lib/runtime-config.ts';

async function boot(root: HTMLElement): Promise<void> {
  const reactRoot = createRoot(root);
  if (isMobileUserAgent(navigator.userAgent)) {
    reactRoot.render(<MobileNotice />);
    return;
  }
  const config = await loadRuntimeConfig();
  watchAuthState(initFirebase(config));
  void initMessaging(config);
  reactRoot.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

const root = document.getElementById('root');
if (!isFramed && root) {
  boot(root).catch((error: unknown) => {
    console.error('The console could not start', error);
    root.textContent = 'The console could not start. Please reload the page or contact your administrator.';
  });
}
