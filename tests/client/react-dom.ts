/** A React root in happy-dom per test: mounted before each test of the calling file, unmounted after. */
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach } from 'vitest';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface Mounted {
  container: HTMLElement;
  render(node: ReactNode): void;
  /** Trimmed text of every element matching the selector. */
  texts(selector: string): (string | undefined)[];
}

export function useReactRoot(): Mounted {
  let root: Root;
  const mounted: Mounted = {
    container: document.createElement('div'),
    render: (node) => act(() => root.render(node)),
    texts: (selector) => [...mounted.container.querySelectorAll(selector)].map((element) => element.textContent?.trim()),
  };
  beforeEach(() => {
    mounted.container = document.createElement('div');
    document.body.append(mounted.container);
    root = createRoot(mounted.container);
  });
  afterEach(() => {
    act(() => root.unmount());
    mounted.container.remove();
  });
  return mounted;
}
