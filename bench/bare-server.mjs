/**
 * The baseline: a bare node:http server that answers each path with bytes
 * captured once from the API (same body, same content type), nothing else.
 * Usage: node bench/bare-server.mjs <responses.json> <port>
 * where responses.json is { "/api/x": { "contentType": "...", "body": "<base64>", "headers"?: {...} } }
 * (`headers`: more headers sent as they are, such as a page's Content-Encoding).
 */
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';

const [file, port] = process.argv.slice(2);
const responses = new Map(
  Object.entries(JSON.parse(readFileSync(file, 'utf8'))).map(([p, r]) => [
    p,
    { type: r.contentType, body: Buffer.from(r.body, 'base64'), headers: r.headers ?? {} },
  ]),
);

createServer((req, res) => {
  const found = responses.get(req.url.split('?')[0]);
  if (!found) {
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"code":"not_found"}}');
    return;
  }
  res.writeHead(200, { ...found.headers, 'content-type': found.type, 'content-length': found.body.length });
  res.end(found.body);
}).listen(Number(port), '127.0.0.1', () => console.log('READY'));
