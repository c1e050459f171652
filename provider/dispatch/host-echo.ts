/**
 * The dynamic provider host prints `${error}: ${error.stack}` to stderr for every error
 * of check/diff/read/delete, before it returns the message to the engine; the engine
 * shows those lines again, under the stack. For the provider's own expected errors the
 * message is all there is to say, so that one echo is dropped: exactly that text, once.
 * Everything else (other providers' output, unexpected errors) is printed as before.
 */

/** Texts the host is about to print for our own errors. */
const echoes = new Set<string>();
let echoFilter: ((...args: unknown[]) => void) | undefined;

/** Drops the host's coming echo of `error` (its text and stack, once). */
export function quietHostEcho(error: Error): void {
  if (console.error !== echoFilter) {
    const original = console.error.bind(console);
    echoFilter = (...args: unknown[]) => {
      if (args.length === 1 && typeof args[0] === "string" && echoes.delete(args[0])) return;
      original(...args);
    };
    console.error = echoFilter;
  }
  echoes.add(`${String(error)}: ${error.stack}`);
}

/** The methods whose errors the host echoes. */
export const ECHOED_METHODS: readonly string[] = ["check", "diff", "read", "delete"];
