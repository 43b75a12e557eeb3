import { DEFAULT_STORE_LINKS, MOBILE_NOTICE_TEXT } from '../../../common/mobile-notice.ts';
import { Logo } from './logo.tsx';

/** The spec's full-screen notice for phones; the gateway serves the same notice before any script runs. */
export function MobileNotice() {
  return (
    <main className="full-screen">
      <div className="message-card panel">
        <Logo />
        <p className="mobile-notice__text">{MOBILE_NOTICE_TEXT}</p>
        <div className="mobile-notice__stores">
          <a className="button button--primary" href={DEFAULT_STORE_LINKS.playStore} rel="noopener noreferrer">
            Get it on Play Store
          </a>
          <a className="button button--outlined" href={DEFAULT_STORE_LINKS.appStore} rel="noopener noreferrer">
            Download on the App Store
          </a>
        </div>
      </div>
    </main>
  );
}
