/**
 * The few WebAssembly types the sandbox uses (the project's `lib` has no DOM, where TypeScript
 * declares them; Node has them at run time).
 */

/** A compiled WebAssembly module (passed to the worker as it is). */
export type WasmModule = object;

/** A WebAssembly memory: its bytes so far. */
export interface WasmMemory {
  readonly buffer: ArrayBuffer;
}

interface WasmApi {
  compile(bytes: Uint8Array): Promise<WasmModule>;
  Memory: new (descriptor: { initial: number; maximum: number }) => WasmMemory;
}

/** Node's `WebAssembly`. */
export const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;
