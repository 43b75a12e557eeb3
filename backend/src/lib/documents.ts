/**
 * Uploaded files (documents of registrations, clients, chats...): the bytes checked against the declared
 * type, the stored name cleaned, and the headers a file answer carries. Only PDF, PNG and JPEG are taken:
 * the types a browser previews safely.
 */
import type { FastifyReply } from 'fastify';
import { DOCUMENT_CONTENT_TYPES, MAX_FILE_NAME_LENGTH, type DocumentContentType } from '../../../common/review.ts';
import { invalidInput } from './http-error.ts';

const SIGNATURES: Record<DocumentContentType, number[]> = {
  'application/pdf': [0x25, 0x50, 0x44, 0x46, 0x2d],
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  'image/jpeg': [0xff, 0xd8, 0xff],
};

const EXTENSIONS: Record<DocumentContentType, readonly string[]> = {
  'application/pdf': ['pdf'],
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
};

/** Decodes a base64 upload and checks the bytes are what the declared type says, so nothing is served under a false type. */
export function decodeDocument(contentBase64: string, contentType: DocumentContentType, maxBytes: number, field = 'content_base64'): Buffer {
  const content = Buffer.from(contentBase64, 'base64');
  if (content.length === 0) throw invalidInput(field, 'must not be empty');
  if (content.length > maxBytes) throw invalidInput(field, `must be at most ${(maxBytes / 1024 / 1024).toLocaleString('en-GB')} MB`);
  if (!SIGNATURES[contentType].every((byte, index) => content[index] === byte)) throw invalidInput(field, `is not a ${typeName(contentType)} file: choose a PDF, PNG or JPEG file`);
  return content;
}

const typeName = (contentType: DocumentContentType) => ({ 'application/pdf': 'PDF', 'image/png': 'PNG', 'image/jpeg': 'JPEG' })[contentType];

/** The content type whose signature the bytes start with, or null: for uploads that arrive without a declared type (multipart CVs). */
export function sniffContentType(content: Uint8Array): DocumentContentType | null {
  return DOCUMENT_CONTENT_TYPES.find((type) => SIGNATURES[type].every((byte, index) => content[index] === byte)) ?? null;
}

// Control characters, and the bidirectional overrides and isolates that make 'invoice_fdp.exe' display as
// 'invoice_exe.pdf' (Trojan Source), and characters no file system takes.
// eslint-disable-next-line no-control-regex -- control characters are what this removes
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff/\\:*?"<>|]/g;

/**
 * The name a file is stored and downloaded under: unsafe characters replaced, trimmed of dots and spaces,
 * at most MAX_FILE_NAME_LENGTH characters, and ending in an extension of its checked type ('scan.exe' as a
 * PDF becomes 'scan.exe.pdf'), so the name never claims another type than the bytes.
 */
export function cleanFileName(name: string, contentType: DocumentContentType): string {
  const extensions = EXTENSIONS[contentType];
  let clean = name.normalize('NFC').replace(UNSAFE, '_').replace(/\s+/g, ' ').replace(/^[\s.]+|[\s.]+$/g, '');
  const extension = /\.([A-Za-z0-9]{1,8})$/.exec(clean)?.[1]?.toLowerCase();
  if (!extension || !extensions.includes(extension)) clean = `${clean || 'document'}.${extensions[0]!}`;
  if (clean.length > MAX_FILE_NAME_LENGTH) {
    const suffix = clean.slice(clean.lastIndexOf('.'));
    clean = clean.slice(0, MAX_FILE_NAME_LENGTH - suffix.length) + suffix;
  }
  return clean;
}

/** RFC 8187 attr-char: what a filename* value may hold unencoded; everything else is percent-encoded UTF-8. */
const encodeRfc8187 = (value: string) =>
  Array.from(new TextEncoder().encode(value), (byte) => {
    const char = String.fromCharCode(byte);
    return /[A-Za-z0-9!#$&+\-.^_`|~]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }).join('');

/** RFC 6266: an ASCII fallback name (quotes, backslashes and non-ASCII replaced) plus the exact UTF-8 name. */
export function contentDisposition(type: 'inline' | 'attachment', fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encodeRfc8187(fileName)}`;
}

/**
 * Sends a stored file: its checked type, inline (preview) or as an attachment, and a policy under which
 * the file, opened on its own, runs nothing and can be framed by no one.
 */
export function sendFile(reply: FastifyReply, file: { file_name: string; content_type: string; content: Uint8Array }, download: boolean): FastifyReply {
  return reply
    .header('content-type', file.content_type)
    .header('content-disposition', contentDisposition(download ? 'attachment' : 'inline', file.file_name))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; frame-ancestors 'none'; sandbox")
    .header('cache-control', 'private, no-store')
    .send(Buffer.from(file.content));
}
