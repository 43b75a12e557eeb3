/** A website enquiry posted as the public form posts it, and read back from the inbox as an ADMIN sees it. */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Page } from '../../../common/contract/shared.ts';
import type { EnquiryItem } from '../../../common/contract/enquiries.ts';
import type { backendFor } from '../support.ts';

export const unique = () => randomUUID().slice(0, 8);

export const publicPost = (app: FastifyInstance, kind: string, payload: object) => app.inject({ method: 'POST', url: `/api/public/enquiries/${kind}`, payload });

export async function newEnquiry(backend: ReturnType<typeof backendFor>, kind = 'contactus', extra: object = {}): Promise<EnquiryItem> {
  const email = `growth-${unique()}@example.test`;
  const response = await publicPost(backend.app, kind, { name: 'Samira Haddad', email, company: `Test Co ${unique()}`, message: 'Please call me.', ...extra });
  expect(response.statusCode, response.body).toBe(202);
  const list = (await backend.get(`/api/enquiries/?search=${encodeURIComponent(email)}`)).json<Page<EnquiryItem>>();
  expect(list.count).toBe(1);
  return list.results[0]!;
}
