// jsdom ships no types and @types/jsdom is not installed: what brand-images.ts uses of it, to hand
// DOMPurify a window on the server (docs/decisions/0094-the-founders-brand.md).
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: {
      XMLSerializer: new () => { serializeToString(node: unknown): string };
    };
  }
}
