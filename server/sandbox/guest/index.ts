/**
 * The guest: the program that runs inside the engine (QuickJS in WebAssembly, no Node in it)
 * around an action's code. Ordinary modules, bundled by server/sandbox/guest-bundle.ts into one
 * script the host evaluates (server/sandbox/engine.ts): its value is this module's default
 * export, the three functions the engine calls in order ({@link GuestProgram}).
 *
 * Type checked against the engine's own globals (tsconfig.json here: ECMAScript only, no Node
 * types); a Node built-in imported here fails the bundle, and so the server's build.
 */
import type { GuestProgram } from "./contract";
import { installFetch } from "./fetch";
import { runAction } from "./main";
import { installWeb } from "./web";

export default { installWeb, installFetch, runAction } satisfies GuestProgram;
