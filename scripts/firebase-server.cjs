#!/usr/bin/env node
// Starts firebase-server (a realtime-database protocol server, for tests) on a loopback port.
// firebase-server runs on the firebase 8 SDK while the app uses firebase 12; npm hoists some of firebase 8's
// @firebase/* packages to the top level, where they would load firebase 12's @firebase/app. This resolves every
// @firebase/* import made from firebase 8 code to firebase-server's own copies first.
// Usage: node scripts/firebase-server.cjs [port, 9000: the demo store Atelier Nord's, DEMO_REALTIME_DATABASE_URL] [initial JSON];
// prints "ready <port>" when listening.
const Module = require('node:module');
const path = require('node:path');

const serverRoot = path.dirname(require.resolve('firebase-server/package.json'));
const nested = path.join(serverRoot, 'node_modules');
const firebase8 = /node_modules[\\/](@firebase[\\/](auth|app|database|component|util|logger)[\\/]|firebase-server[\\/])/;
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, parent, ...rest) {
  if (
    (request === 'firebase' || request.startsWith('@firebase/')) &&
    parent &&
    firebase8.test(parent.filename ?? '') &&
    !(parent.filename ?? '').includes(`${path.sep}firebase${path.sep}node_modules`)
  ) {
    try {
      return resolve.call(this, request, { ...parent, paths: [nested, ...(parent.paths ?? [])] }, ...rest);
    } catch {
      // not among firebase-server's own packages: resolve as usual
    }
  }
  return resolve.call(this, request, parent, ...rest);
};

const FirebaseServer = require('firebase-server');
const port = Number(process.argv[2] ?? 9000);
const data = process.argv[3] ? JSON.parse(process.argv[3]) : {};
const server = new FirebaseServer({ port, address: '127.0.0.1', rest: true }, '127.0.0.1', data);
process.stdout.write(`ready ${port}\n`);
process.on('SIGTERM', () => server.close(() => process.exit(0)));
