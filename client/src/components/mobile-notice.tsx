import { MOBILE_NOTICE_TEXT, type StoreLinks } from '../../../common/mobile-notice.ts';
import { Logo } from './logo.tsx';

/**
 * The spec's full-screen notice for phones; the gateway serves the same notice before any script runs. A
 * store the gateway has no app page for (PLAY_STORE_URL, APP_STORE_URL) gets no button.
 */
export function MobileNotice({ links }: { links: StoreLinks }) {
  return (
    <main className="full-screen">
      <div className="message-card panel">
        <Logo />
        <p className="mobile-notice__text">{MOBILE_NOTICE_TEXT}</p>
        {(links.playStore || links.appStore) && (
          <div className="mobile-notice__stores">
            {links.playStore && (
              <a className="button button--primary" href={links.playStore} rel="noopener noreferrer">
                Get it on Play Store
              </a>
            )}
            {links.appStore && (
              <a className="button button--outlined" href={links.appStore} rel="noopener noreferrer">
                Download on the App Store
              </a>
            )}
          </div>
        )}
      </div>
    </main>
  );
}
