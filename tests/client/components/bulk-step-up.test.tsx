// @vitest-environment happy-dom
/**
 * A bulk action whose single-record form asks for the caller's fresh code (a role change) asks for it in its
 * confirmation too: the code goes with the job, and a refused code is shown at its field, the rest kept.
 */
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { NewBulkJob } from '../../../common/contract/work.ts';
import { ApiError } from '../../../client/src/lib/errors.ts';
import { bulkSpec } from '../../../client/src/components/bulk-action-spec.ts';
import { useReactRoot } from '../react-dom.ts';

const sent = vi.hoisted(() => [] as NewBulkJob[]);
vi.mock('../../../client/src/lib/work-api.ts', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  startBulkJob: (body: NewBulkJob) => {
    sent.push(body);
    return Promise.reject(new ApiError('400', 'status', 400, { errorCode: 'INVALID_INPUT', message: 'Code is not the current code of your authenticator app.', field: 'code' }));
  },
}));

const { ConfirmBulk } = await import('../../../client/src/components/bulk-job.tsx');
const dom = useReactRoot();

beforeEach(() => {
  sent.length = 0;
});

const spec = (stepUp: boolean) => bulkSpec({ action: 'role', label: 'Change role', verb: 'given the role', initialParams: { role: 'REVIEWER' }, ...(stepUp ? { stepUp } : {}) });

async function submit() {
  await act(async () => {
    dom.container.querySelector('form')!.requestSubmit();
    await new Promise((resolve) => setTimeout(resolve, 10));
  });
}

function type(input: HTMLInputElement, value: string) {
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('the bulk confirmation of an action that needs a fresh code', () => {
  it('asks for the code, sends it with the job and shows its refusal at the field', async () => {
    dom.render(<ConfirmBulk spec={spec(true)} body={{ list: 'users', action: 'role', ids: [7] }} summary="Change the role of 1 user?" onStarted={() => undefined} onClose={() => undefined} />);
    const input = [...dom.container.querySelectorAll<HTMLInputElement>('input')].find((field) => field.autocomplete === 'one-time-code')!;
    expect(input).toBeDefined();
    type(input, ' 123456 ');
    await submit();
    expect(sent).toEqual([{ list: 'users', action: 'role', ids: [7], params: { role: 'REVIEWER' }, code: '123456' }]);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(dom.container.textContent).toContain('is not the current code of your authenticator app');
    expect(input.value).toBe(' 123456 ');
  });

  it('asks for none, and sends none, for an action that needs no code', async () => {
    dom.render(<ConfirmBulk spec={spec(false)} body={{ list: 'users', action: 'role', ids: [7] }} summary="Change the role of 1 user?" onStarted={() => undefined} onClose={() => undefined} />);
    expect(dom.container.querySelector('input[autocomplete="one-time-code"]')).toBeNull();
    await submit();
    expect(sent[0]).not.toHaveProperty('code');
  });
});
