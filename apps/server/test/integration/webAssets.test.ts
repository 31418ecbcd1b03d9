import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import express from 'express';
import { webAssets } from '../../src/http/webAssets';

const SCRIPT = `console.log(${JSON.stringify('飞行棋 '.repeat(400))});`;
const PAGE = `<!doctype html><title>Flight Chess</title><script src="./assets/index-AbC123.js"></script>${'<!-- padding -->'.repeat(80)}`;

let dist: string;
let baseUrl: string;
let close: () => void;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'flightchess-web-'));
  mkdirSync(join(dist, 'assets'));
  // What the web build writes (apps/web/precompress.mts): each file, and its .br and .gz copies.
  for (const [path, text] of [
    ['index.html', PAGE],
    ['assets/index-AbC123.js', SCRIPT],
  ] as const) {
    writeFileSync(join(dist, path), text);
    writeFileSync(join(dist, `${path}.br`), brotliCompressSync(text));
    writeFileSync(join(dist, `${path}.gz`), gzipSync(text));
  }
  writeFileSync(join(dist, 'assets/logo-XyZ789.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  const app = express();
  app.use(...webAssets(dist));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});

afterAll(() => {
  close();
  rmSync(dist, { recursive: true, force: true });
});

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly text: string;
}

/** A GET with exactly these request headers; the body decoded as its Content-Encoding says. */
function fetchRaw(path: string, headers: Record<string, string>, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = get(`${baseUrl}${path}`, { headers, method }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        try {
          const text =
            method === 'HEAD'
              ? ''
              : (encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body).toString();
          resolve({ status: res.statusCode!, headers: res.headers, text });
        } catch (error) {
          reject(error);
        }
      });
    });
    req.on('error', reject);
  });
}

describe('the built web client is sent compressed and cached by name', () => {
  test.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['deflate', undefined],
    ['', undefined],
  ])('a hashed script, Accept-Encoding "%s": sent as %s, cached for a year', async (acceptEncoding, encoding) => {
    const res = await fetchRaw('/assets/index-AbC123.js', { 'accept-encoding': acceptEncoding });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.text).toBe(SCRIPT);
  });

  test('the page itself (/ and /index.html) is checked again on every load, and compressed', async () => {
    for (const path of ['/', '/index.html']) {
      const res = await fetchRaw(path, { 'accept-encoding': 'gzip, br' });
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      // Chrome then sends the phone's model, for the device list's names.
      expect(res.headers['accept-ch']).toBe('Sec-CH-UA-Model, Sec-CH-UA-Platform');
      expect(res.text).toBe(PAGE);
    }
  });

  test('a file without compressed copies (an image) is sent as it is; HEAD answers the headers of GET', async () => {
    const image = await fetchRaw('/assets/logo-XyZ789.png', { 'accept-encoding': 'br' });
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const head = await fetchRaw('/assets/index-AbC123.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(Number(head.headers['content-length'])).toBe(brotliCompressSync(SCRIPT).length);
  });
});
