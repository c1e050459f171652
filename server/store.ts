/**
 * The tenant's persistence: one SQLite table per collection, one JSON row per object.
 *
 * Routes see only the small {@link Store} / {@link Collection} interface, so the engine
 * could change without touching them. SQLite runs in WAL mode with `synchronous=FULL`:
 * better-sqlite3 is synchronous, so by the time a route sends its 201 the row is on disk
 * and survives a SIGKILL of the process.
 */
import Database from "better-sqlite3";
import { chmodSync } from "node:fs";
import { join } from "node:path";
import { checkPrivateDataFile, ensurePrivateDir } from "./files";
import type { SecretPath } from "../api";
import { holdsClearSecret, loadDataKey, openSecrets, SecretBox, sealSecrets } from "./secrets";

/**
 * A collection's name: its SQLite table (`forms`, `event_streams`, `clients`), made on first
 * use. Lower-case letters and `_` only, since it is written into SQL.
 */
export type CollectionName = string;

const COLLECTION_NAME = /^[a-z][a-z_]*$/;

/** A page of a checkpoint-paginated listing. */
export interface CheckpointResult<T> {
  items: T[];
  /** Position of the last returned item, to resume after it; undefined when nothing follows. */
  nextSeq?: number;
}

/** Options of {@link Collection.pageAfter}. */
export interface PageAfterOptions {
  /** Return items stored after this position (exclusive); 0 = from the start. */
  afterSeq: number;
  /** Maximum number of items. */
  limit: number;
  /** Equality filters on top-level string fields of the stored JSON. */
  where?: Record<string, string>;
}

/** What a collection does besides keeping whole objects. */
export interface CollectionOptions<T> {
  /**
   * The object's list entry, kept beside it: listing reads the entries alone, so its cost
   * does not grow with what the objects hold (a form may hold a megabyte).
   */
  summarise?: (doc: T) => unknown;
  /**
   * Where the objects hold secrets (the table's secret paths): those values are sealed with
   * the data key (see secrets.ts) instead of being stored in clear, and put back when the
   * object is read.
   */
  secretPaths?: readonly SecretPath[];
}

/** Objects of one kind, kept in insertion order. */
export interface Collection<T> {
  get(id: string): T | undefined;
  /** Inserts a new object; throws if the id exists. */
  insert(id: string, doc: T): void;
  /** Replaces an existing object; false when there is none. */
  replace(id: string, doc: T): boolean;
  /** Inserts or replaces; true when it created the object. */
  upsert(id: string, doc: T): boolean;
  /** Deletes; false when there was nothing to delete. */
  delete(id: string): boolean;
  /** Checkpoint pagination in insertion order. */
  pageAfter(options: PageAfterOptions): CheckpointResult<T>;
  /** Offset pagination in insertion order. */
  pageOffset(offset: number, limit: number): T[];
  /** Offset pagination of the list entries (see {@link CollectionOptions.summarise}). */
  pageOffsetSummaries<S>(offset: number, limit: number): S[];
  count(): number;
  /** Every object matching the equality filters (small collections only). */
  findWhere(where: Record<string, string>): T[];
}

/** The whole store. */
export interface Store {
  /** The collection `name`; `options`, when given, apply from then on (existing rows are brought up to date once). */
  collection<T>(name: CollectionName, options?: CollectionOptions<T>): Collection<T>;
  /** Runs `fn` atomically: a check and the write it guards cannot interleave with another. */
  transaction<R>(fn: () => R): R;
  close(): void;
}

/** The file the store lives in inside a data directory. */
export const DATABASE_FILE = "tenant.db";

// Filter keys end up in SQL text (as JSON paths), so only plain identifiers are allowed.
const SAFE_KEY = /^[a-z_]+$/;

function whereClause(where: Record<string, string> | undefined): { sql: string; params: string[] } {
  const entries = Object.entries(where ?? {});
  for (const [key] of entries) {
    if (!SAFE_KEY.test(key)) throw new Error(`Unsupported filter key: ${key}`);
  }
  return {
    sql: entries.map(([key]) => ` AND json_extract(body, '$.${key}') = ?`).join(""),
    params: entries.map(([, value]) => value),
  };
}

/** Columns added since the first release, with their SQL type; older databases gain them on open. */
const ADDED_COLUMNS = { summary: "TEXT", sealed: "TEXT" } as const;

/** A row as stored. */
interface Row {
  seq: number;
  id: string;
  body: string;
  sealed: string | null;
}
/** The columns a row is read with. */
const ROW = "seq, id, body, sealed";

class SqliteCollection<T> implements Collection<T> {
  // Preparing a statement costs more than running it: keep each one.
  private readonly statements = new Map<string, Database.Statement>();
  private options: CollectionOptions<T> = {};

  constructor(
    private readonly db: Database.Database,
    private readonly table: CollectionName,
    private readonly box: SecretBox,
  ) {
    this.makeTable();
  }

  /**
   * Makes the table and its added columns when they are missing. Run again after a transaction
   * that made them rolled back (see {@link openStore}): SQLite's schema changes are part of the
   * transaction, so a refused write that happened to be the first one would otherwise take the
   * table with it and leave every later request failing on "no such table".
   */
  makeTable(): void {
    this.db.exec(
      `CREATE TABLE IF NOT EXISTS ${this.table} (seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, body TEXT NOT NULL)`,
    );
    const existing = new Set(
      (this.db.prepare(`PRAGMA table_info(${this.table})`).all() as { name: string }[]).map((column) => column.name),
    );
    for (const [column, type] of Object.entries(ADDED_COLUMNS)) {
      if (!existing.has(column)) this.db.exec(`ALTER TABLE ${this.table} ADD COLUMN ${column} ${type}`);
    }
    // Statements prepared against a table that was rolled back away are prepared afresh.
    this.statements.clear();
    if (this.options.summarise || this.options.secretPaths) this.configure(this.options);
  }

  /**
   * Applies `options`, and rewrites the rows written before they applied (no list entry,
   * or secrets in clear — including a value written in clear before its path was declared
   * secret, so such a value is sealed when the store opens, not on some later write). Checks that the data key opens what is sealed: a wrong key is a
   * start-up error, not a 500 on some later read.
   */
  configure(options: CollectionOptions<T>): void {
    this.options = options;
    const { summarise, secretPaths } = options;
    if (!summarise && !secretPaths) return;
    const sample = this.prepare(`SELECT ${ROW} FROM ${this.table} WHERE sealed <> '' LIMIT 1`).get() as Row | undefined;
    if (sample) this.decode(sample);
    const stale = `${summarise ? "summary IS NULL" : "0"} OR ${secretPaths ? "sealed IS NULL" : "0"}`;
    this.db.transaction(() => {
      for (const row of this.prepare(`SELECT ${ROW} FROM ${this.table} WHERE ${stale}`).all() as Row[]) {
        this.write(row.id, this.encode(row.id, this.decode(row)));
      }
      if (!secretPaths) return;
      for (const row of this.prepare(`SELECT ${ROW} FROM ${this.table} WHERE sealed IS NOT NULL`).all() as Row[]) {
        const body = JSON.parse(row.body) as T;
        if (holdsClearSecret(body, secretPaths)) this.write(row.id, this.encode(row.id, this.decode(row)));
      }
    })();
  }

  /** The object of a row, its secrets put back. */
  private decode(row: Row): T {
    const doc = JSON.parse(row.body) as T;
    if (!row.sealed) return doc;
    try {
      return openSecrets(doc, row.sealed, this.box, `${this.table}:${row.id}`);
    } catch {
      throw new Error(
        `The data key does not open the secrets of ${this.table} ${row.id}: was keys/data-key replaced? ` +
          "Restore it from a backup, or remove the database to start with an empty tenant.",
      );
    }
  }

  /**
   * The columns that store `doc`: secrets sealed, the list entry beside it. In a collection
   * that seals, `sealed` is "" when `doc` holds no secret (NULL marks a row not yet checked).
   */
  private encode(id: string, doc: T): { body: string; summary: string | null; sealed: string | null } {
    const paths = this.options.secretPaths ?? [];
    const { stored, sealed } = sealSecrets(doc, paths, this.box, `${this.table}:${id}`);
    return {
      body: JSON.stringify(stored),
      summary: this.options.summarise ? JSON.stringify(this.options.summarise(doc)) : null,
      sealed: sealed ?? (this.options.secretPaths ? "" : null),
    };
  }

  private write(id: string, { body, summary, sealed }: ReturnType<SqliteCollection<T>["encode"]>): boolean {
    return (
      this.prepare(`UPDATE ${this.table} SET body = ?, summary = ?, sealed = ? WHERE id = ?`).run(
        body,
        summary,
        sealed,
        id,
      ).changes > 0
    );
  }

  private prepare(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  get(id: string): T | undefined {
    const row = this.prepare(`SELECT ${ROW} FROM ${this.table} WHERE id = ?`).get(id) as Row | undefined;
    return row ? this.decode(row) : undefined;
  }

  insert(id: string, doc: T): void {
    const { body, summary, sealed } = this.encode(id, doc);
    this.prepare(`INSERT INTO ${this.table} (id, body, summary, sealed) VALUES (?, ?, ?, ?)`).run(
      id,
      body,
      summary,
      sealed,
    );
  }

  replace(id: string, doc: T): boolean {
    return this.write(id, this.encode(id, doc));
  }

  upsert(id: string, doc: T): boolean {
    if (this.replace(id, doc)) return false;
    this.insert(id, doc);
    return true;
  }

  delete(id: string): boolean {
    const held = this.prepare(`SELECT coalesce(sealed, '') <> '' AS held FROM ${this.table} WHERE id = ?`).get(id) as
      { held: number } | undefined;
    if (!held) return false;
    this.prepare(`DELETE FROM ${this.table} WHERE id = ?`).run(id);
    // secure_delete has zeroed the row in its page; the WAL still holds earlier images of that
    // page until a checkpoint copies the zeroed one back and TRUNCATE empties the WAL file.
    if (held.held && this.db.inTransaction === false && this.db.name !== ":memory:")
      this.db.pragma("wal_checkpoint(TRUNCATE)");
    return true;
  }

  pageAfter({ afterSeq, limit, where }: PageAfterOptions): CheckpointResult<T> {
    const filter = whereClause(where);
    // One extra row tells whether another page follows without a second query.
    const rows = this.prepare(`SELECT ${ROW} FROM ${this.table} WHERE seq > ?${filter.sql} ORDER BY seq LIMIT ?`).all(
      afterSeq,
      ...filter.params,
      limit + 1,
    ) as Row[];
    const page = rows.slice(0, limit);
    return {
      items: page.map((row) => this.decode(row)),
      nextSeq: rows.length > limit ? page[page.length - 1].seq : undefined,
    };
  }

  pageOffset(offset: number, limit: number): T[] {
    const rows = this.prepare(`SELECT ${ROW} FROM ${this.table} ORDER BY seq LIMIT ? OFFSET ?`).all(
      limit,
      offset,
    ) as Row[];
    return rows.map((row) => this.decode(row));
  }

  pageOffsetSummaries<S>(offset: number, limit: number): S[] {
    const { summarise } = this.options;
    if (!summarise) throw new Error(`The ${this.table} collection keeps no list entries`);
    const rows = this.prepare(`SELECT summary FROM ${this.table} ORDER BY seq LIMIT ? OFFSET ?`).all(limit, offset) as {
      summary: string;
    }[];
    return rows.map((row) => JSON.parse(row.summary) as S);
  }

  count(): number {
    return (this.prepare(`SELECT COUNT(*) AS n FROM ${this.table}`).get() as { n: number }).n;
  }

  findWhere(where: Record<string, string>): T[] {
    const filter = whereClause(where);
    const rows = this.prepare(`SELECT ${ROW} FROM ${this.table} WHERE 1 = 1${filter.sql} ORDER BY seq`).all(
      ...filter.params,
    ) as Row[];
    return rows.map((row) => this.decode(row));
  }
}

/**
 * Opens the store: `<dataDir>/tenant.db` when a directory is given, else an in-memory
 * database that vanishes with the process.
 */
export function openStore(dataDir?: string): Store {
  let db: Database.Database;
  if (dataDir) {
    // The database holds sealed secrets and client digests: owner-only, like credentials.json.
    ensurePrivateDir(dataDir);
    const file = join(dataDir, DATABASE_FILE);
    for (const path of [file, `${file}-wal`, `${file}-shm`]) checkPrivateDataFile(path);
    db = new Database(file);
    chmodSync(file, 0o600); // SQLite gives its -wal and -shm files the same mode
    db.pragma("journal_mode = WAL");
    // FULL: a commit is fsynced before better-sqlite3 returns, so an acknowledged write survives SIGKILL.
    db.pragma("synchronous = FULL");
  } else {
    db = new Database(":memory:");
  }
  db.pragma("busy_timeout = 5000");
  // Deleted rows are overwritten with zeros, so a deleted object's sealed secrets do not stay in the file.
  db.pragma("secure_delete = ON");
  const box = new SecretBox(loadDataKey(dataDir));
  const collections = new Map<CollectionName, SqliteCollection<unknown>>();
  // The collections whose table (or columns, or rewritten rows) each open transaction made,
  // innermost last: when one rolls back, those schema changes are gone with it, so the
  // collections make them again at once (outside any transaction when the outermost one
  // rolled back), and no later request meets a table that a refused write took away.
  const madeIn: Set<SqliteCollection<unknown>>[] = [];
  const noteMade = (collection: SqliteCollection<unknown>) => madeIn.at(-1)?.add(collection);
  const remake = (made: Set<SqliteCollection<unknown>>) => {
    for (const collection of made) {
      collection.makeTable();
      noteMade(collection);
    }
  };
  return {
    collection: <T>(name: CollectionName, options?: CollectionOptions<T>) => {
      if (!COLLECTION_NAME.test(name)) throw new Error(`invalid collection name ${JSON.stringify(name)}`);
      let collection = collections.get(name) as unknown as SqliteCollection<T> | undefined;
      if (!collection) {
        collection = new SqliteCollection<T>(db, name, box);
        collections.set(name, collection as SqliteCollection<unknown>);
        noteMade(collection as SqliteCollection<unknown>);
      }
      if (options) {
        collection.configure(options);
        noteMade(collection as SqliteCollection<unknown>);
      }
      return collection;
    },
    transaction: <R>(fn: () => R): R => {
      const made = new Set<SqliteCollection<unknown>>();
      madeIn.push(made);
      let result: R;
      try {
        result = db.transaction(fn)();
      } catch (error) {
        madeIn.pop();
        remake(made);
        throw error;
      }
      madeIn.pop();
      // Committed into an enclosing transaction: that one's roll-back would take them too.
      for (const collection of made) noteMade(collection);
      return result;
    },
    close: () => db.close(),
  };
}
