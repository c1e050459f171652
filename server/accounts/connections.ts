/**
 * The tenant's database connection, `Username-Password-Authentication` (strategy `auth0`),
 * as every tenant of the service has it: made the first time the store is opened for it,
 * kept in the `connections` collection, with the applications it is enabled for.
 */
import { CONNECTION_ID, DATABASE_CONNECTION_NAME, newIdOf, type Connection } from "../../api";
import type { Collection, Store } from "../store";
import { DEFAULT_PASSWORD_POLICY } from "./password-policy";

/** The options a new database connection has, as the service gives them. */
const DEFAULT_OPTIONS: Connection["options"] = {
  passwordPolicy: DEFAULT_PASSWORD_POLICY,
  password_complexity_options: { min_length: 8 },
  brute_force_protection: true,
  disable_signup: false,
  strategy_version: 2,
};

/** The connections of a tenant's store. */
export class ConnectionStore {
  private readonly connections: Collection<Connection>;

  constructor(private readonly store: Store) {
    this.connections = store.collection<Connection>("connections");
    store.transaction(() => {
      if (this.connections.findWhere({ name: DATABASE_CONNECTION_NAME }).length > 0) return;
      const id = newIdOf(CONNECTION_ID);
      this.connections.insert(id, {
        id,
        name: DATABASE_CONNECTION_NAME,
        strategy: "auth0",
        options: DEFAULT_OPTIONS,
        enabled_clients: [],
        is_domain_connection: false,
        realms: [DATABASE_CONNECTION_NAME],
      });
    });
  }

  /** Every connection, in the order they were made. */
  list(): Connection[] {
    return this.connections.findWhere({});
  }

  /** The connection with this id, if any. */
  get(id: string): Connection | undefined {
    return this.connections.get(id);
  }

  /** The connection with this name, if any. */
  byName(name: string): Connection | undefined {
    return this.connections.findWhere({ name })[0];
  }

  /** Stores a changed connection. */
  replace(connection: Connection): void {
    this.connections.replace(connection.id, connection);
  }

  /** Enables every database connection for a new application (the service's default). */
  enableForNewClient(clientId: string): void {
    this.store.transaction(() => {
      for (const connection of this.list()) {
        if (!connection.enabled_clients.includes(clientId)) {
          this.replace({ ...connection, enabled_clients: [...connection.enabled_clients, clientId] });
        }
      }
    });
  }

  /** Takes a deleted application out of every connection's `enabled_clients`. */
  forgetClient(clientId: string): void {
    this.store.transaction(() => {
      for (const connection of this.list()) {
        if (connection.enabled_clients.includes(clientId)) {
          this.replace({ ...connection, enabled_clients: connection.enabled_clients.filter((id) => id !== clientId) });
        }
      }
    });
  }
}
