/**
 * The built console, held in memory. Every file is read once at start-up with its .br/.gz siblings and its
 * response headers precomputed, so serving one is a map lookup and a write. Streaming from disk with
 * @fastify/static ran at 0.05-0.17x nginx's rate on this machine; serving from memory runs close to 1x.
 * The console build is a few hundred KiB, so memory is not a concern.
 */
import { createHash } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { HeaderSet } from './security-headers.ts';

export type Encoding = 'br' | 'gzip' | 'identity';

export interface Variant {
  body: Buffer;
  /** Every header of the response except per-request ones; includes the security headers. */
  headers: HeaderSet;
  /** The same with Content-Length, for writing a 200 straight to Node without copying headers per request. */
  headersWithLength: HeaderSet;
  etag: string;
}

/** One servable resource: its identity body and whichever precompressed copies exist. */
export interface StaticFile {
  identity: Variant;
  br?: Variant;
  gzip?: Variant;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg',
  '.wav': 'audio/wav',
};

export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Unhashed files (index.html, favicon...) may change with any deploy: always revalidate by ETag. */
export const REVALIDATE = 'no-cache';
export const HASHED_PREFIX = '/assets/';

export function contentTypeOf(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

function etagOf(body: Buffer, suffix: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}${suffix}"`;
}

export interface ResourceOptions {
  contentType: string;
  cacheControl: string;
  /** Request headers the response depends on besides Accept-Encoding. */
  vary?: string[];
  /** The page header set. */
  headers: HeaderSet;
}

/** Builds the variants of one resource; compressed copies are used only when they are smaller. */
export function makeResource(
  body: Buffer,
  compressed: { br?: Buffer; gzip?: Buffer },
  options: ResourceOptions,
): StaticFile {
  const negotiated = Boolean(compressed.br ?? compressed.gzip);
  const vary = [...(negotiated ? ['Accept-Encoding'] : []), ...(options.vary ?? [])];
  const variant = (data: Buffer, encoding: Encoding): Variant => {
    const etag = etagOf(data, encoding === 'identity' ? '' : `-${encoding}`);
    const headers: Record<string, string> = {
      ...options.headers,
      'content-type': options.contentType,
      'cache-control': options.cacheControl,
      etag,
    };
    if (vary.length > 0) headers.vary = vary.join(', ');
    if (encoding !== 'identity') headers['content-encoding'] = encoding;
    const headersWithLength = Object.freeze({ ...headers, 'content-length': String(data.length) });
    return { body: data, headers: Object.freeze(headers), headersWithLength, etag };
  };
  const file: StaticFile = { identity: variant(body, 'identity') };
  if (compressed.br && compressed.br.length < body.length) file.br = variant(compressed.br, 'br');
  if (compressed.gzip && compressed.gzip.length < body.length) file.gzip = variant(compressed.gzip, 'gzip');
  return file;
}

/**
 * The .br and .gz copies of a body at the highest levels: the build writes them beside each text asset and the
 * gateway makes them for what it renders itself, both once, never per request.
 */
export function compressedCopies(body: Buffer): { br: Buffer; gzip: Buffer } {
  return { br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }), gzip: gzipSync(body, { level: 9 }) };
}

/** Compresses at start-up for resources the gateway renders itself (the mobile notice and its stylesheet). */
export function makeCompressedResource(body: Buffer, options: ResourceOptions): StaticFile {
  return makeResource(body, compressedCopies(body), options);
}

/**
 * Loads every file under dir, keyed by URL path ('/assets/main-X.js'). A '.br' or '.gz' file whose
 * uncompressed sibling exists is a variant of it, not a resource of its own.
 */
export async function loadStaticDir(
  dir: string,
  headers: HeaderSet,
  pageVary: string[],
): Promise<Map<string, StaticFile>> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  const paths = new Set(
    entries.filter((entry) => entry.isFile()).map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/')),
  );
  const files = new Map<string, StaticFile>();
  for (const path of paths) {
    const sibling = path.replace(/\.(br|gz)$/, '');
    if (sibling !== path && paths.has(sibling)) continue;
    const urlPath = `/${path}`;
    const isPage = urlPath === '/index.html';
    const read = (name: string) => (paths.has(name) ? readFile(join(dir, name)) : Promise.resolve(undefined));
    const [body, br, gzip] = await Promise.all([readFile(join(dir, path)), read(`${path}.br`), read(`${path}.gz`)]);
    files.set(
      urlPath,
      makeResource(body, { br, gzip }, {
        contentType: contentTypeOf(path),
        cacheControl: urlPath.startsWith(HASHED_PREFIX) ? IMMUTABLE : REVALIDATE,
        vary: isPage ? pageVary : [],
        headers,
      }),
    );
  }
  return files;
}

/**
 * Picks the best encoding the client accepts among those available; q-values are honoured, so
 * 'br;q=0' rules brotli out. Results are memoised per header value: browsers send a handful of values.
 */
const negotiated = new Map<string, Encoding[]>();

function acceptedEncodings(header: string): Encoding[] {
  let result = negotiated.get(header);
  if (result) return result;
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const star = weights.get('*');
  const weightOf = (name: string) => weights.get(name) ?? star ?? 0;
  result = (['br', 'gzip'] as const)
    .filter((name) => weightOf(name) > 0)
    .sort((a, b) => weightOf(b) - weightOf(a));
  if (negotiated.size < 256) negotiated.set(header, result);
  return result;
}

export function chooseVariant(file: StaticFile, acceptEncoding: string | undefined): Variant {
  if (!acceptEncoding || (!file.br && !file.gzip)) return file.identity;
  for (const encoding of acceptedEncodings(acceptEncoding)) {
    const variant = file[encoding];
    if (variant) return variant;
  }
  return file.identity;
}
