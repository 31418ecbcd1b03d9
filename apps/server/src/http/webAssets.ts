import { existsSync, readdirSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import express, { type NextFunction, type Request, type Response } from 'express';

/** Vite names what it builds into assets/ by content hash: a name never changes its content. */
const HASHED = /^\/assets\//;
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html) is checked again on every load, so a new build reaches players at once. */
const REVALIDATE = 'no-cache';

/** Encodings the build writes beside a file (apps/web/precompress.mts), best first. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;
type Encoding = (typeof ENCODINGS)[number];

/** A file's path under `dir` as the URL path it is served at. */
const urlPathOf = (dir: string, path: string) => `/${relative(dir, path).split(sep).join('/')}`;

/** Which encodings a client accepts: the tokens of Accept-Encoding that are not `;q=0`. */
function accepted(header: string | undefined): Set<string> {
  const names = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    if (!token || params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p))) continue;
    names.add(token);
  }
  return names;
}

/** Every file's URL path under `dir` that has precompressed copies, with them. */
function compressedCopies(dir: string): Map<string, Encoding[]> {
  const copies = new Map<string, Encoding[]>();
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const path = join(at, name);
      if (statSync(path).isDirectory()) {
        walk(path);
        continue;
      }
      const found = ENCODINGS.filter((e) => existsSync(path + e.suffix));
      if (found.length > 0) copies.set(urlPathOf(dir, path), found);
    }
  };
  walk(dir);
  return copies;
}

/**
 * The built web client: each file as its brotli or gzip copy when the browser takes one (written at
 * build time, so nothing is compressed per request), hashed assets cached for a year, index.html
 * checked every time.
 */
export function webAssets(dist: string): express.Handler[] {
  const copies = compressedCopies(dist);
  const pickCopy = (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const path = req.path === '/' ? '/index.html' : req.path;
    const available = copies.get(path);
    if (!available) return next();
    res.vary('Accept-Encoding');
    const accepts = accepted(req.headers['accept-encoding']);
    const copy = available.find((e) => accepts.has(e.name));
    if (!copy) return next();
    res.setHeader('Content-Encoding', copy.name);
    res.type(extname(path));
    req.url = path + copy.suffix + req.url.slice(req.path.length);
    next();
  };
  const files = express.static(dist, {
    setHeaders: (res, path) => {
      res.setHeader('Cache-Control', HASHED.test(urlPathOf(dist, path)) ? IMMUTABLE : REVALIDATE);
      // Chrome's User-Agent no longer names an Android phone: asked, it sends the model with the next requests (device names).
      if (/\.html(\.(br|gz))?$/.test(path)) res.setHeader('Accept-CH', 'Sec-CH-UA-Model, Sec-CH-UA-Platform');
    },
  });
  return [pickCopy, files];
}
