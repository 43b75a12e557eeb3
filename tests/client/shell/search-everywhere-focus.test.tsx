// @vitest-environment happy-dom
/**
 * Search everywhere opens with the focus in its field. happy-dom's showModal moves no focus, so it is given the
 * browser's dialog focusing steps here (the first focusable element inside, the Close button, unless one
 * carries the autofocus attribute), which is what took the focus from the field in Chromium.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommandPalette } from '../../../client/src/shell/command-palette.tsx';
import { useReactRoot } from '../react-dom.ts';

const dom = useReactRoot();
const original = HTMLDialogElement.prototype.showModal;

beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
    const target = this.querySelector<HTMLElement>('[autofocus]') ?? this.querySelector<HTMLElement>('button, input, [tabindex]');
    target?.focus();
  };
});
afterAll(() => {
  HTMLDialogElement.prototype.showModal = original;
});

describe('Search everywhere', () => {
  it('starts with the focus in the search field, not on Close', () => {
    dom.render(<CommandPalette onClose={() => undefined} />);
    const field = dom.container.querySelector('input[aria-label="Search everywhere"]');
    expect(field).not.toBeNull();
    expect(document.activeElement).toBe(field);
  });

  it('does so every time it opens', () => {
    dom.render(<CommandPalette key="first" onClose={() => undefined} />);
    dom.render(<></>);
    dom.render(<CommandPalette key="second" onClose={() => undefined} />);
    expect(document.activeElement).toBe(dom.container.querySelector('input[aria-label="Search everywhere"]'));
  });
});
