// The little of Node that widgets/make-snapshot.mjs, measure-stdlib.mjs and plain-site.mjs use (the project carries no @types/node).
// Types only: tsc reads this file (tsconfig.node.json), nothing runs it.

declare const process: {
  argv: string[];
  stdout: { write(text: string): boolean };
  stderr: { write(text: string): boolean };
  exit(code: number): never;
  on(event: "exit", listener: () => void): void;
};

declare module "node:fs/promises" {
  export function readFile(path: URL | string): Promise<Uint8Array>;
  export function writeFile(path: URL | string, data: Uint8Array): Promise<void>;
}

declare module "node:fs" {
  export function copyFileSync(from: string, to: string): void;
  export function existsSync(path: string): boolean;
  export function mkdtempSync(prefix: string): string;
  export function readFileSync(path: string): Uint8Array;
  export function rmSync(path: string, options: { recursive: boolean; force: boolean }): void;
  export function writeFileSync(path: string, data: Uint8Array): void;
}

declare module "node:os" {
  export function tmpdir(): string;
}

declare module "node:path" {
  export function join(...parts: string[]): string;
}

declare module "node:url" {
  export function pathToFileURL(path: string): URL;
}
