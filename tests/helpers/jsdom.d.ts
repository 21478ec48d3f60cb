// jsdom ships no types and @types/jsdom trails its versions; the tests use only this much of it.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string, options?: { url?: string });
    readonly window: Window & typeof globalThis;
  }
}
