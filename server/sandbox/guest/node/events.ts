/** Node's `events` module for an action's code: `EventEmitter`, the methods packages use. Pure. */
import { format } from "../format";

type Listener = (...args: unknown[]) => void;

export class EventEmitter {
  private events = new Map<string | symbol, Listener[]>();
  static defaultMaxListeners = 10;
  on(name: string | symbol, listener: Listener) {
    this.events.set(name, [...(this.events.get(name) ?? []), listener]);
    return this;
  }
  prependListener(name: string | symbol, listener: Listener) {
    this.events.set(name, [listener, ...(this.events.get(name) ?? [])]);
    return this;
  }
  once(name: string | symbol, listener: Listener) {
    const wrapped = (...args: unknown[]) => {
      this.off(name, wrapped);
      listener(...args);
    };
    (wrapped as { listener?: unknown }).listener = listener;
    return this.on(name, wrapped);
  }
  off(name: string | symbol, listener: Listener) {
    const list = (this.events.get(name) ?? []).filter(
      (l) => l !== listener && (l as { listener?: unknown }).listener !== listener,
    );
    if (list.length) this.events.set(name, list);
    else this.events.delete(name);
    return this;
  }
  emit(name: string | symbol, ...args: unknown[]) {
    const list = this.events.get(name);
    if (!list?.length) {
      if (name === "error")
        throw args[0] instanceof Error ? args[0] : new Error(`Unhandled error. (${format(args[0])})`);
      return false;
    }
    for (const listener of [...list]) listener.apply(this, args);
    return true;
  }
  removeAllListeners(name?: string | symbol) {
    if (name === undefined) this.events.clear();
    else this.events.delete(name);
    return this;
  }
  listeners(name: string | symbol) {
    return [...(this.events.get(name) ?? [])];
  }
  listenerCount(name: string | symbol) {
    return this.events.get(name)?.length ?? 0;
  }
  eventNames() {
    return [...this.events.keys()];
  }
  setMaxListeners() {
    return this;
  }
  getMaxListeners() {
    return EventEmitter.defaultMaxListeners;
  }
}
Object.assign(EventEmitter.prototype, {
  addListener: EventEmitter.prototype.on,
  removeListener: EventEmitter.prototype.off,
});
