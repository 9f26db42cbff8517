/**
 * The platform APIs the contracts use, present in browsers and in Node alike. Declared here,
 * with only the members used, rather than taken from the DOM or Node typings, so that nothing
 * else of either platform can creep in.
 */
declare function btoa(data: string): string;
declare function atob(data: string): string;
declare class TextEncoder {
  encode(input?: string): Uint8Array;
}
declare class URL {
  constructor(url: string, base?: string);
  readonly href: string;
  readonly protocol: string;
  readonly host: string;
  readonly searchParams: { set(name: string, value: string): void };
  hash: string;
}
declare class TextDecoder {
  decode(input?: Uint8Array): string;
}
declare class URLSearchParams {
  constructor(init?: Record<string, string> | string);
  get(name: string): string | null;
  set(name: string, value: string): void;
  toString(): string;
}
