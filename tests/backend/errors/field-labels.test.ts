/**
 * A refused input names the field as the form labels it: the store's invalidInput('due_on', ...) is worded by
 * the error handler with the title the route's contract schema gives the field, and says what to do.
 */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { CalendarDate } from '../../../common/contract/shared.ts';
import { MeetingBody } from '../../../common/contract/registrations.ts';
import { decodeDocument } from '../../../backend/src/lib/documents.ts';
import { HttpError, invalidInput, labelledByRoute } from '../../../backend/src/lib/http-error.ts';
import { errorsPlugin } from '../../../backend/src/plugins/errors.ts';

describe('refused fields named as the form labels them', () => {
  it('rewords a store refusal with the title of the field in the route schema', async () => {
    const app = Fastify();
    await app.register(errorsPlugin);
    app.post('/documents', { schema: { body: { type: 'object', properties: { due_on: CalendarDate('Due date') } } } }, () => {
      throw invalidInput('due_on', 'must be today or later');
    });
    const answer = await app.inject({ method: 'POST', url: '/documents', payload: { due_on: '2020-01-01' } });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ errorCode: 'INVALID_INPUT', message: 'Due date must be today or later.', field: 'due_on' });
    await app.close();
  });

  it('names the booking time by the form\'s Date and Time, not starts_at', () => {
    const labelled = labelledByRoute(invalidInput('starts_at', 'must be in the future'), [MeetingBody]);
    expect(labelled.message).toBe('Date and time must be in the future.');
  });

  it('finds titles inside nullable and nested fields, and leaves fields without one as they were', () => {
    const schema = { type: 'object', properties: { trn: { anyOf: [{ type: 'string', title: 'TRN' }, { type: 'null' }] }, items: { type: 'array', items: { type: 'object', properties: { amount: { type: 'string', title: 'Amount (AED)' } } } } } };
    expect(labelledByRoute(invalidInput('trn', 'is required for a VAT-registered client'), [schema]).message).toBe('TRN is required for a VAT-registered client.');
    expect(labelledByRoute(invalidInput('items.2.amount', 'must be positive'), [schema]).message).toBe('Amount (AED) must be positive.');
    expect(labelledByRoute(invalidInput('note', 'must not be blank'), [schema]).message).toBe('Note must not be blank.');
    const plain = new HttpError(409, 'CONFLICT', 'Taken.');
    expect(labelledByRoute(plain, [schema])).toBe(plain);
  });

  it('says what to do with a file that is not what its name claims (an .exe renamed .pdf)', () => {
    const exe = Buffer.from('MZ\x90\x00 not a pdf').toString('base64');
    let refused: unknown;
    try {
      decodeDocument(exe, 'application/pdf', 1_000_000);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(HttpError);
    const labelled = labelledByRoute(refused as HttpError, [{ type: 'object', properties: { content_base64: { type: 'string', title: 'File' } } }]);
    expect(labelled.message).toBe('File is not a PDF file: choose a PDF, PNG or JPEG file.');
  });
});
