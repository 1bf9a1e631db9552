/**
 * Serves the live build's files as `@hono/node-server`'s `serveStatic` does (index.html for folders,
 * the precompressed `.br`/`.gz` copy the browser accepts, HEAD, ranges, Last-Modified), with one
 * difference that matters while the shop publishes: the file is opened once and read whole from that
 * handle, so its length and bytes are one version's. `serveStatic` takes the length from one look at the path and the bytes from another,
 * and a targeted rebuild renaming a new page over the old one between the two sends the new page's
 * bytes under the old one's length: a truncated page, or a connection cut short.
 */
import type { FileHandle } from 'node:fs/promises';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import type { MiddlewareHandler } from 'hono';
import { getMimeType } from 'hono/utils/mime';

const ENCODINGS = [
  ['br', '.br'],
  ['gzip', '.gz'],
] as const;
const COMPRESSIBLE = /^(?:text\/|application\/(?:javascript|json|xml|manifest\+json)|image\/svg\+xml)/;
const UNSAFE_PATH = /(?:^|[/\\])\.{1,2}(?:$|[/\\])|[/\\]{2,}|\\/;

async function openFile(path: string): Promise<{ handle: FileHandle; size: number; mtime: Date } | null> {
  let handle: FileHandle | null = null;
  try {
    handle = await open(path, 'r');
    const stats = await handle.stat();
    if (!stats.isFile()) {
      await handle.close();
      return null;
    }
    return { handle, size: stats.size, mtime: stats.mtime };
  } catch {
    await handle?.close().catch(() => {});
    return null;
  }
}

/** `path`: always this file (a shell page); otherwise the request's path under `root`. */
export function siteFiles({ root, path: fixedPath }: { root: string; path?: string }): MiddlewareHandler {
  return async (c, next) => {
    if (c.finalized || (c.req.method !== 'GET' && c.req.method !== 'HEAD')) return next();
    let filename = fixedPath;
    if (filename === undefined) {
      try {
        filename = decodeURI(c.req.path);
      } catch {
        return next();
      }
      if (c.req.path.includes('%') || UNSAFE_PATH.test(filename)) return next();
    }
    let path = join(root, filename);
    let file = await openFile(path);
    if (!file) {
      path = join(path, 'index.html');
      file = await openFile(path);
    }
    if (!file) return next();

    const type = getMimeType(path) ?? 'application/octet-stream';
    c.header('Content-Type', type);
    if (COMPRESSIBLE.test(type)) {
      const accepted = new Set(
        c.req
          .header('Accept-Encoding')
          ?.split(',')
          .map((e) => e.trim().split(';')[0]),
      );
      for (const [encoding, suffix] of ENCODINGS) {
        if (!accepted.has(encoding)) continue;
        const compressed = await openFile(path + suffix);
        if (!compressed) continue;
        await file.handle.close();
        file = compressed;
        c.header('Content-Encoding', encoding);
        c.header('Vary', 'Accept-Encoding', { append: true });
        break;
      }
    }
    const { handle, size, mtime } = file;
    // The whole file, read from the one open handle and then closed: the build's files are small, and a
    // body in memory cannot stall half-sent the way a file stream handed to the response could.
    let bytes: Buffer;
    try {
      bytes = c.req.method === 'HEAD' ? Buffer.alloc(0) : await handle.readFile();
    } finally {
      await handle.close();
    }
    c.header('Last-Modified', mtime.toUTCString());
    if (c.req.method === 'HEAD') {
      c.header('Content-Length', String(size));
      return c.body(null, 200);
    }
    const range = /^bytes=(\d*)-(\d*)$/.exec(c.req.header('range') ?? '');
    if (range && (range[1] !== '' || range[2] !== '')) {
      const total = bytes.length;
      c.header('Accept-Ranges', 'bytes');
      const start = range[1] === '' ? Math.max(total - Number(range[2]), 0) : Number(range[1]);
      const end = range[1] === '' || range[2] === '' ? total - 1 : Math.min(Number(range[2]), total - 1);
      if (total === 0 || start > end || start >= total) {
        c.header('Content-Range', `bytes */${total}`);
        return c.body(null, 416);
      }
      c.header('Content-Length', String(end - start + 1));
      c.header('Content-Range', `bytes ${start}-${end}/${total}`);
      return c.body(new Uint8Array(bytes.subarray(start, end + 1)), 206);
    }
    c.header('Content-Length', String(bytes.length));
    return c.body(new Uint8Array(bytes), 200);
  };
}
