// The little of Node that widgets/make-snapshot.mjs and measure-stdlib.mjs use (the project carries no @types/node).
// Types only: tsc reads this file (tsconfig.node.json), nothing runs it.

declare const process: {
  argv: string[];
  stdout: { write(text: string): boolean };
  stderr: { write(text: string): boolean };
  exit(code: number): never;
};

declare module "node:fs/promises" {
  export function readFile(path: URL | string): Promise<Uint8Array>;
  export function writeFile(path: URL | string, data: Uint8Array): Promise<void>;
}

declare module "node:url" {
  export function pathToFileURL(path: string): URL;
}
