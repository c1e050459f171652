/**
 * The tenant's accounts (applications, the database connection, its users) over one store:
 * made once per store, shared by the management routes and the hosted login.
 */
import type { Store } from "../store";
import { ApplicationStore } from "./applications";
import { ConnectionStore } from "./connections";
import { UserStore } from "./users";

/** The account stores of one tenant. */
export interface Accounts {
  applications: ApplicationStore;
  connections: ConnectionStore;
  users: UserStore;
}

const BY_STORE = new WeakMap<Store, Accounts>();

/** The account stores over `store` (the database connection made on first use). */
export function accountsOf(store: Store): Accounts {
  let accounts = BY_STORE.get(store);
  if (!accounts) {
    accounts = {
      applications: new ApplicationStore(store),
      connections: new ConnectionStore(store),
      users: new UserStore(store),
    };
    BY_STORE.set(store, accounts);
  }
  return accounts;
}
