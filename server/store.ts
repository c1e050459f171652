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

/** The collections the server keeps. */
export const COLLECTIONS = ["rate_limit_policies", "forms", "event_streams", "templates", "clients"] as const;

/** One of {@link COLLECTIONS}. */
export type CollectionName = (typeof COLLECTIONS)[number];

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
const ADDED_COLUMNS = { summary: "TEXT" } as const;

class SqliteCollection<T> implements Collection<T> {
  // Preparing a statement costs more than running it: keep each one.
  private readonly statements = new Map<string, Database.Statement>();
  private options: CollectionOptions<T> = {};

  constructor(private readonly db: Database.Database, private readonly table: CollectionName) {
    db.exec(`CREATE TABLE IF NOT EXISTS ${table} (seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, body TEXT NOT NULL)`);
    const existing = new Set((db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((column) => column.name));
    for (const [column, type] of Object.entries(ADDED_COLUMNS)) {
      if (!existing.has(column)) db.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${type}`);
    }
  }

  /** Applies `options`, filling in the list entries rows written before they existed. */
  configure(options: CollectionOptions<T>): void {
    this.options = options;
    const { summarise } = options;
    if (!summarise) return;
    const update = this.prepare(`UPDATE ${this.table} SET summary = ? WHERE seq = ?`);
    this.db.transaction(() => {
      const rows = this.prepare(`SELECT seq, body FROM ${this.table} WHERE summary IS NULL`).all() as { seq: number; body: string }[];
      for (const row of rows) update.run(JSON.stringify(summarise(JSON.parse(row.body) as T)), row.seq);
    })();
  }

  private summaryOf(doc: T): string | null {
    return this.options.summarise ? JSON.stringify(this.options.summarise(doc)) : null;
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
    const row = this.prepare(`SELECT body FROM ${this.table} WHERE id = ?`).get(id) as { body: string } | undefined;
    return row ? (JSON.parse(row.body) as T) : undefined;
  }

  insert(id: string, doc: T): void {
    this.prepare(`INSERT INTO ${this.table} (id, body, summary) VALUES (?, ?, ?)`).run(id, JSON.stringify(doc), this.summaryOf(doc));
  }

  replace(id: string, doc: T): boolean {
    return this.prepare(`UPDATE ${this.table} SET body = ?, summary = ? WHERE id = ?`).run(JSON.stringify(doc), this.summaryOf(doc), id).changes > 0;
  }

  upsert(id: string, doc: T): boolean {
    if (this.replace(id, doc)) return false;
    this.insert(id, doc);
    return true;
  }

  delete(id: string): boolean {
    return this.prepare(`DELETE FROM ${this.table} WHERE id = ?`).run(id).changes > 0;
  }

  pageAfter({ afterSeq, limit, where }: PageAfterOptions): CheckpointResult<T> {
    const filter = whereClause(where);
    // One extra row tells whether another page follows without a second query.
    const rows = this.prepare(`SELECT seq, body FROM ${this.table} WHERE seq > ?${filter.sql} ORDER BY seq LIMIT ?`)
      .all(afterSeq, ...filter.params, limit + 1) as { seq: number; body: string }[];
    const page = rows.slice(0, limit);
    return {
      items: page.map((row) => JSON.parse(row.body) as T),
      nextSeq: rows.length > limit ? page[page.length - 1].seq : undefined,
    };
  }

  pageOffset(offset: number, limit: number): T[] {
    const rows = this.prepare(`SELECT body FROM ${this.table} ORDER BY seq LIMIT ? OFFSET ?`).all(limit, offset) as { body: string }[];
    return rows.map((row) => JSON.parse(row.body) as T);
  }

  pageOffsetSummaries<S>(offset: number, limit: number): S[] {
    const { summarise } = this.options;
    if (!summarise) throw new Error(`The ${this.table} collection keeps no list entries`);
    const rows = this.prepare(`SELECT summary FROM ${this.table} ORDER BY seq LIMIT ? OFFSET ?`).all(limit, offset) as { summary: string }[];
    return rows.map((row) => JSON.parse(row.summary) as S);
  }

  count(): number {
    return (this.prepare(`SELECT COUNT(*) AS n FROM ${this.table}`).get() as { n: number }).n;
  }

  findWhere(where: Record<string, string>): T[] {
    const filter = whereClause(where);
    const rows = this.prepare(`SELECT body FROM ${this.table} WHERE 1 = 1${filter.sql} ORDER BY seq`).all(...filter.params) as { body: string }[];
    return rows.map((row) => JSON.parse(row.body) as T);
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
  const collections = new Map<CollectionName, SqliteCollection<unknown>>();
  for (const name of COLLECTIONS) collections.set(name, new SqliteCollection(db, name));
  return {
    collection: <T>(name: CollectionName, options?: CollectionOptions<T>) => {
      const collection = collections.get(name) as unknown as SqliteCollection<T>;
      if (options) collection.configure(options);
      return collection;
    },
    transaction: <R>(fn: () => R): R => db.transaction(fn)(),
    close: () => db.close(),
  };
}
