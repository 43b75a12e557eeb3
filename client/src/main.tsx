// Frame busting must run before anything renders.
import { isFramed } from './frame-guard.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'react-toastify/ReactToastify.css';
import './styles/base.css';
import './components/components.css';
import { App } from './app.tsx';
import { isMobileUserAgent } from '../../common/mobile-notice.ts';
import { loadRuntimeConfig } from './lib/runtime-config.ts';

async function boot(root: HTMLElement): Promise<void> {
  const reactRoot = createRoot(root);
  const config = await loadRuntimeConfig();
  if (isMobileUserAgent(navigator.userAgent)) {
    // Only phones need the notice: it loads on its own so desktop browsers never download it.
    const { MobileNotice } = await import('./components/mobile-notice.tsx');
    reactRoot.render(<MobileNotice links={config.storeLinks} />);
    return;
  }
  reactRoot.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  // Firebase loads after the first render: the login page shows (and takes typing) without waiting for
  // it, and the guard keeps its spinner until the auth state is known.
  const { initFirebase, watchAuthState } = await import('./lib/auth.ts');
  let pushStarted = false;
  watchAuthState(initFirebase(config), {
    readMe: () => import('./lib/me.ts').then(({ readMe }) => readMe()),
    onUser: () => {
      if (pushStarted) return;
      pushStarted = true;
      void import('./lib/push.ts').then(({ initMessaging }) => initMessaging(config));
    },
  });
}

const root = document.getElementById('root');
if (!isFramed && root) {
  boot(root).catch((error: unknown) => {
    console.error('The console could not start', error);
    root.textContent = 'The console could not start. Please reload the page or contact your administrator.';
  });
}
