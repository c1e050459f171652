// *** Copied from provider/lifecycle/registration-turns.ts by scripts/sdk.ts: edit that file. ***

/**
 * Turns for the registrations of a program's resources, so that the first reaches the engine
 * at once instead of after all the others are prepared (issue 39).
 *
 * A program declares its resources in one synchronous run (a module body, a loop). The SDK
 * then prepares every registration (its properties serialised, its gRPC request built) in
 * the same drain of the microtask queue, and no request leaves the process until that drain
 * ends: about 5 ms per resource here, so 600 resources sent nothing for 3 s. Meanwhile the
 * engine has nothing to do, and it starts the dynamic provider host (another 1.5 s) only
 * when the first registration arrives.
 *
 * With turns, the first resource of a burst registers at once and the others wait for a
 * turn: {@link TURN_SIZE} of them per turn of the event loop (`setImmediate`), so that the
 * requests prepared in one turn leave before the next turn's are prepared. The first request
 * starts the provider host while the program still prepares the rest, and the engine works
 * on the requests as they come. What each resource registers is unchanged: the wait is a
 * promise its `__provider` input resolves from, which the SDK awaits before it serialises
 * the inputs; that text carries no dependency, no secret and is known at preview.
 */

/** Registrations released per turn of the event loop. */
export const TURN_SIZE = 32;

/** Resolvers of the registrations waiting for their turn, oldest first. */
const waiting: (() => void)[] = [];
/** Whether a turn is scheduled (a burst is being released). */
let releasing = false;

function releaseTurn(): void {
  for (const resolve of waiting.splice(0, TURN_SIZE)) resolve();
  if (waiting.length > 0) setImmediate(releaseTurn);
  else releasing = false;
}

/**
 * The value a resource's `__provider` input should take: `text` itself for the first
 * resource of a burst (none waiting, none being released), else a promise of `text`
 * resolved at the resource's turn.
 */
export function inTurn<T>(text: T): T | Promise<T> {
  if (!releasing) {
    releasing = true;
    setImmediate(releaseTurn);
    return text;
  }
  return new Promise<T>((resolve) => waiting.push(() => resolve(text)));
}
