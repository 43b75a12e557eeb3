// @vitest-environment happy-dom
/** Page chunks: loaded once however often preloaded, and preloaded by an internal link on hover and focus. */
import { act, Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AppLink } from '../../../client/src/components/app-link.tsx';
import { lazyPage } from '../../../client/src/lib/lazy-page.ts';
import { RoutePreloadContext } from '../../../client/src/lib/route-preload.ts';
import { useReactRoot } from '../react-dom.ts';

const dom = useReactRoot();

describe('lazy pages', () => {
  it('download their chunk once, whether preloaded or rendered first', async () => {
    const load = vi.fn(() => Promise.resolve(() => <p>loaded page</p>));
    const Page = lazyPage(load);
    void Page.preload();
    void Page.preload();
    dom.render(
      <Suspense fallback={<p>loading</p>}>
        <Page />
      </Suspense>,
    );
    await act(() => Page.preload());
    expect(dom.texts('p')).toEqual(['loaded page']);
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('internal links', () => {
  it('preload their page on hover and focus; external links preload nothing', () => {
    const preload = vi.fn();
    dom.render(
      <RoutePreloadContext value={preload}>
        <AppLink href="/due-diligence">Due Diligence</AppLink>
        <AppLink href="https://example.com/help">Help</AppLink>
      </RoutePreloadContext>,
    );
    const [internal, external] = [...dom.container.querySelectorAll('a')];
    act(() => internal?.dispatchEvent(new MouseEvent('mouseover', { bubbles: true })));
    act(() => internal?.focus());
    act(() => external?.dispatchEvent(new MouseEvent('mouseover', { bubbles: true })));
    expect(preload.mock.calls.filter(([path]) => path === '/due-diligence').length).toBeGreaterThanOrEqual(2);
    expect(preload.mock.calls.some(([path]) => String(path).startsWith('https:'))).toBe(false);
  });
});
