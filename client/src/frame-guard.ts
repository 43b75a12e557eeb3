/**
 * Frame busting, imported first by main.tsx: the gateway's frame-ancestors 'none' already stops modern
 * browsers from rendering the console in a frame; this covers browsers that ignore that header. The CSP
 * forbids inline scripts, so it lives in the bundle. A framed copy stays hidden and never boots.
 */
export const isFramed = window.top !== window.self;

if (isFramed) {
  document.documentElement.style.display = 'none';
  try {
    window.top!.location.href = window.self.location.href;
  } catch (error) {
    // Browsers refuse a cross-origin top navigation without a user gesture; the page stays hidden.
    console.warn('Refusing to run inside a frame', error);
  }
}
