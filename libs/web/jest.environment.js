// Jest environment for the web projects: jsdom plus what jsdom lacks and the
// screens use (fetch's Response/Headers/Request and streams from Node, matchMedia,
// ResizeObserver and document.fonts for Mantine). Each web project's jest config points its
// testEnvironment here.
import JSDOMEnvironment from 'jest-environment-jsdom';

export default class WebEnvironment extends JSDOMEnvironment {
  constructor(config, context) {
    super(config, context);
    const g = this.global;
    Object.assign(g, { Response, Request, Headers, TextEncoder, TextDecoder, ReadableStream, TextDecoderStream });
    g.fetch = () => Promise.reject(new Error('fetch is not mocked in this test'));
    g.matchMedia = (query) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    });
    g.ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
    g.HTMLElement.prototype.scrollIntoView = function () {};
    // Mantine's autosize Textarea listens for web fonts loading.
    if (!g.document.fonts) g.document.fonts = { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() };
  }
}
