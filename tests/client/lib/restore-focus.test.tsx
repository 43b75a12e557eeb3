// @vitest-environment happy-dom
/**
 * Reordering by keyboard keeps the focus (the FAQs' Move up / Move down): after the list is read again and the
 * rows re-rendered, the focus is back on the moved row's button, or on its other button once it reached the
 * end; a focus the user moved elsewhere is left alone.
 */
import { act, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useRestoreFocus } from '../../../client/src/lib/use-restore-focus.ts';
import { useReactRoot } from '../react-dom.ts';

const dom = useReactRoot();

let moveDown!: (id: string) => void;
function List() {
  const keep = useRestoreFocus();
  // The version in the key stands for a list read again: every row is a new element afterwards.
  const [state, setState] = useState({ order: ['a', 'b', 'c'], version: 0 });
  moveDown = (id) => {
    keep(`${id}-down`, `${id}-up`);
    setState(({ order, version }) => {
      const next = [...order];
      const at = next.indexOf(id);
      [next[at], next[at + 1]] = [next[at + 1]!, next[at]!];
      return { order: next, version: version + 1 };
    });
  };
  return (
    <ol>
      {state.order.map((id, index) => (
        <li key={`${id}-${state.version}`}>
          <button type="button" data-focus-key={`${id}-up`} disabled={index === 0}>
            up {id}
          </button>
          <button type="button" data-focus-key={`${id}-down`} disabled={index === state.order.length - 1}>
            down {id}
          </button>
        </li>
      ))}
      <li>
        <button type="button" data-focus-key="elsewhere">
          elsewhere
        </button>
      </li>
    </ol>
  );
}

const button = (key: string) => dom.container.querySelector<HTMLButtonElement>(`[data-focus-key="${key}"]`)!;

describe('focus kept through a reorder', () => {
  it('stays on the moved row, then on its other button at the end', () => {
    dom.render(<List />);
    button('a-down').focus();
    act(() => moveDown('a'));
    expect(document.activeElement).toBe(button('a-down'));
    act(() => moveDown('a'));
    // 'a' is last now: its down button is disabled, so the focus is on its up button.
    expect(button('a-down').disabled).toBe(true);
    expect(document.activeElement).toBe(button('a-up'));
  });

  it('leaves a focus the user moved elsewhere', () => {
    dom.render(<List />);
    button('b-down').focus();
    act(() => moveDown('b'));
    button('elsewhere').focus();
    act(() => moveDown('a'));
    expect(document.activeElement).toBe(button('elsewhere'));
  });
});
