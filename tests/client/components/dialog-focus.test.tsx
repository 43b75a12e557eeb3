// @vitest-environment happy-dom
/**
 * The dialog primitive and the keyboard: it opens with the focus on its first field, not on Close, and gives
 * the focus back to the control that opened it when it closes (Escape included: the parent unmounts it).
 * happy-dom's showModal moves no focus, so it is given the browser's dialog focusing steps here (the first
 * focusable element inside, which is the Close button), which is what took the focus in Chromium.
 */
import { useState } from 'react';
import { act } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dialog, FormDialog } from '../../../client/src/components/dialog.tsx';
import { TextField } from '../../../client/src/components/text-field.tsx';
import { templateFormProblems } from '../../../common/task-templates.ts';
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

function Opener({ withField }: { withField: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" id="opener" onClick={() => setOpen(true)}>
        New thing
      </button>
      {open &&
        (withField ? (
          <FormDialog title="New thing" submitLabel="Create" busy={false} onSubmit={() => undefined} onClose={() => setOpen(false)}>
            <TextField id="thing-name" label="Name" value="" onValueChange={() => undefined} />
          </FormDialog>
        ) : (
          <Dialog title="About" onClose={() => setOpen(false)}>
            <p>Nothing to fill in.</p>
            <a href="/more">More</a>
          </Dialog>
        ))}
    </>
  );
}

const press = (element: Element | null) => act(() => (element as HTMLElement).click());
const escape = () =>
  act(() => {
    document.querySelector('dialog')!.dispatchEvent(new Event('cancel', { cancelable: true }));
  });

describe('the dialog primitive', () => {
  it('opens with the focus on the first field, not on Close', () => {
    dom.render(<Opener withField />);
    const opener = dom.container.querySelector<HTMLElement>('#opener')!;
    opener.focus();
    press(opener);
    expect(document.activeElement).toBe(dom.container.querySelector('#thing-name'));
  });

  it('without a field, opens on the content’s first control', () => {
    dom.render(<Opener withField={false} />);
    press(dom.container.querySelector('#opener'));
    expect(document.activeElement).toBe(dom.container.querySelector('a[href="/more"]'));
  });

  it('gives the focus back to the control that opened it on Escape', () => {
    dom.render(<Opener withField />);
    const opener = dom.container.querySelector<HTMLElement>('#opener')!;
    opener.focus();
    press(opener);
    expect(document.activeElement).not.toBe(opener);
    escape();
    expect(dom.container.querySelector('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('says beside a disabled submit why it is disabled', () => {
    dom.render(
      <FormDialog title="New recurring task" submitLabel="Create" busy={false} submitDisabled disabledReason="Due on day must be a whole number from 1 to 31." onSubmit={() => undefined} onClose={() => undefined}>
        <p>Form</p>
      </FormDialog>,
    );
    const submit = [...dom.container.querySelectorAll('button')].find((button) => button.textContent === 'Create')!;
    expect(submit.disabled).toBe(true);
    const reason = document.getElementById(submit.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toBe('Due on day must be a whole number from 1 to 31.');
  });

  it('words the recurring form’s out-of-range numbers by field', () => {
    expect(templateFormProblems({ day: '32', lead: '7' }, 0)).toEqual({ day_of_month: 'Due on day must be a whole number from 1 to 31.' });
    expect(templateFormProblems({ day: '10', lead: '0' }, 0)).toEqual({ lead_days: 'Created days before must be a whole number from 1 to 60.' });
    expect(templateFormProblems({ day: '10', lead: '61' }, 0)).toEqual({ lead_days: 'Created days before must be a whole number from 1 to 60.' });
    expect(templateFormProblems({ day: '10', lead: '7' }, 0)).toEqual({});
  });
});
