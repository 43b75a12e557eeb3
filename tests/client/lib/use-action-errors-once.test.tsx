// @vitest-environment happy-dom
/**
 * One error shown once: a refusal the form shows beside its field or above its fields gets no toast as well
 * (today's inline error plus 'Invalid input. Please check your input data.'); one the form has no place for
 * still reaches the toast.
 */
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../client/src/lib/errors.ts';
import { useAction, type Action } from '../../../client/src/lib/use-action.ts';
import { useReactRoot } from '../react-dom.ts';

const toast = vi.hoisted(() => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));
vi.mock('../../../client/src/lib/toast.ts', () => toast);

const dom = useReactRoot();
afterEach(() => toast.notifyError.mockReset());

let action: Action<void, unknown>;
const refusal = (status: number, body: object) => new ApiError('refused', status === 403 ? 'status' : 'http', status, body);

function DueDateForm({ error }: { error: ApiError }) {
  action = useAction({ run: () => Promise.reject(error) });
  return (
    <form>
      <p className="form-error">{action.formError}</p>
      <span className="field-error">{action.fieldErrors.due_on}</span>
    </form>
  );
}

function PlainButton({ error }: { error: ApiError }) {
  action = useAction({ run: () => Promise.reject(error) });
  return <button type="button">Go</button>;
}

describe('an error is shown once', () => {
  it('a refused field the form shows: beside the field, no toast', async () => {
    dom.render(<DueDateForm error={refusal(400, { errorCode: 'INVALID_INPUT', message: 'Due date must be today or later.', field: 'due_on' })} />);
    await act(() => action.run());
    expect(dom.texts('.field-error')).toEqual(['Due date must be today or later.']);
    expect(toast.notifyError).not.toHaveBeenCalled();
  });

  it('a refused field the form has no place for: the toast', async () => {
    dom.render(<DueDateForm error={refusal(400, { errorCode: 'INVALID_INPUT', message: 'Version is required.', field: 'version' })} />);
    await act(() => action.run());
    expect(toast.notifyError).toHaveBeenCalledTimes(1);
  });

  it('a refusal the form shows above its fields: there, no toast', async () => {
    dom.render(<DueDateForm error={refusal(403, { errorCode: 'FORBIDDEN', message: 'Only an administrator may do this.' })} />);
    await act(() => action.run());
    expect(dom.texts('.form-error')).toEqual(['Only an administrator may do this.']);
    expect(toast.notifyError).not.toHaveBeenCalled();
  });

  it('a button with no form: the toast, as before', async () => {
    dom.render(<PlainButton error={refusal(400, { errorCode: 'INVALID_INPUT', message: 'Note must not be blank.', field: 'note' })} />);
    await act(() => action.run());
    expect(toast.notifyError).toHaveBeenCalledTimes(1);
  });
});
