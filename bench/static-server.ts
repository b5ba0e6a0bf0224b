// The static baseline for the SSR benchmark: a bare node:http server, in its own process like the real server, that
// answers every request with one fixed body. It shows what serving those bytes costs with no rendering, database or
// framework, so the SSR numbers can be read as a fraction of it.
//
// Environment: PORT, HOST, BENCH_BODY_FILE (the exact bytes to send), BENCH_CONTENT_TYPE.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const body = readFileSync(required('BENCH_BODY_FILE'));
const headers = { 'content-type': required('BENCH_CONTENT_TYPE'), 'content-length': String(body.length) };

const server = createServer((_request, response) => {
  response.writeHead(200, headers);
  response.end(body);
});
// Fastify keeps idle connections 72 s; match it so the baseline never closes a connection the SSR server would keep.
server.keepAliveTimeout = 72_000;
server.listen(Number(required('PORT')), required('HOST'), () => console.log(`static baseline on ${required('HOST')}:${required('PORT')}`));

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => server.close(() => process.exit(0)));

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`static-server: ${name} is not set`);
  return value;
}
