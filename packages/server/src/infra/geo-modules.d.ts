// ua-parser-js 1 ships no types and its @types package is not a dependency; this declares only what geo.ts uses.
declare module 'ua-parser-js' {
  interface Result {
    browser: { name?: string; version?: string };
    os: { name?: string; version?: string };
    device: { type?: string; vendor?: string; model?: string };
  }
  export default class UAParser {
    constructor(userAgent?: string);
    getResult(): Result;
  }
}
