/**
 * The store's additions over time: a database written by an earlier release (no list
 * entries beside the forms, secrets in clear, a secret declared since) is brought up to date when it is opened.
 */
import Database from "better-sqlite3";
import { randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { KINDS } from "../../api";
import { type Form } from "../../api/kinds/form/contract";
import { dataKeyPath } from "../../server/secrets";
import { DATABASE_FILE, openStore } from "../../server/store";
import { removeDir, tempDir } from "./helpers";

test("forms stored before list entries existed are listed after an upgrade", () => {
  const dir = tempDir("tenant-store-");
  try {
    const earlier = new Database(join(dir, DATABASE_FILE));
    earlier.exec(
      "CREATE TABLE forms (seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, body TEXT NOT NULL)",
    );
    earlier
      .prepare("INSERT INTO forms (id, body) VALUES (?, ?)")
      .run("ap_1", JSON.stringify({ id: "ap_1", name: "old", style: { css: "x" } }));
    earlier.close();

    const store = openStore(dir);
    const forms = store.collection<{ id: string; name: string }>("forms", {
      summarise: ({ id, name }) => ({ id, name }),
    });
    forms.insert("ap_2", { id: "ap_2", name: "new" });
    expect(forms.pageOffsetSummaries(0, 10)).toEqual([
      { id: "ap_1", name: "old" },
      { id: "ap_2", name: "new" },
    ]);
    expect(forms.get("ap_1")).toEqual({ id: "ap_1", name: "old", style: { css: "x" } });
    store.close();
  } finally {
    removeDir(dir);
  }
});

test("secrets stored in clear by an earlier release are sealed on open; a replaced data key stops the start", () => {
  const dir = tempDir("tenant-store-");
  try {
    const stream = {
      id: "est_1",
      destination: {
        type: "webhook",
        configuration: { webhook_authorization: { method: "bearer", token: "clear-secret-1" } },
      },
    };
    const earlier = new Database(join(dir, DATABASE_FILE));
    earlier.exec(
      "CREATE TABLE event_streams (seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, body TEXT NOT NULL)",
    );
    earlier.prepare("INSERT INTO event_streams (id, body) VALUES (?, ?)").run(stream.id, JSON.stringify(stream));
    earlier.close();

    const store = openStore(dir);
    const streams = store.collection<typeof stream>("event_streams", {
      secretPaths: KINDS.eventStream.secretPaths,
    });
    expect(streams.get("est_1")).toEqual(stream);
    store.close();
    expect(readFileSync(join(dir, DATABASE_FILE)).toString("latin1")).not.toContain("clear-secret-1");

    writeFileSync(dataKeyPath(dir), `${randomBytes(32).toString("base64")}\n`, { mode: 0o600 });
    const reopened = openStore(dir);
    expect(() => reopened.collection("event_streams", { secretPaths: [] })).toThrow(/data key does not open/);
    reopened.close();
  } finally {
    removeDir(dir);
  }
});

test("a Google Maps server_key kept in clear by a release that sealed only api_key is sealed when the store opens", () => {
  const dir = tempDir("tenant-store-");
  try {
    const component = {
      id: "maps",
      type: "GMAPS_ADDRESS",
      config: { api_key: "maps-api-1", server_key: "maps-server-1" },
    };
    const form = { id: "ap_1", name: "f", nodes: [{ id: "s", type: "STEP", config: { components: [component] } }] };
    const apiKeyOnly = KINDS.form.secretPaths.filter((path) => path[path.length - 1] === "api_key");
    const before = openStore(dir);
    before.collection<Form>("forms", { secretPaths: apiKeyOnly }).insert(form.id, form as unknown as Form);
    before.close();
    const file = () => readFileSync(join(dir, DATABASE_FILE)).toString("latin1");
    expect(file()).toContain("maps-server-1"); // the earlier release's database, as found
    expect(file()).not.toContain("maps-api-1");

    const store = openStore(dir);
    store.collection<Form>("forms", { secretPaths: KINDS.form.secretPaths });
    store.close();
    expect(file()).not.toContain("maps-server-1");
    const reopened = openStore(dir);
    expect(reopened.collection<Form>("forms", { secretPaths: KINDS.form.secretPaths }).get("ap_1")).toEqual(form);
    reopened.close();
  } finally {
    removeDir(dir);
  }
});

test("a collection's table is made on first use, kept across reopening, and its name is checked before any SQL", () => {
  const dir = tempDir("tenant-store-");
  try {
    const store = openStore(dir);
    store.collection<{ id: string }>("flows").insert("af_1", { id: "af_1" });
    expect(store.collection<{ id: string }>("flows").count()).toBe(1);
    for (const name of ["flows; DROP TABLE forms", "Flows", "", "_x", "flows2"]) {
      expect(() => store.collection(name)).toThrow(/invalid collection name/);
    }
    store.close();
    const tables = () => {
      const db = new Database(join(dir, DATABASE_FILE), { readonly: true });
      try {
        return (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map(
          (row) => row.name,
        );
      } finally {
        db.close();
      }
    };
    expect(tables()).toEqual(expect.arrayContaining(["flows"]));
    expect(tables()).not.toContain("forms"); // never asked for, never made
    const reopened = openStore(dir);
    expect(reopened.collection<{ id: string }>("flows").get("af_1")).toEqual({ id: "af_1" });
    reopened.close();
  } finally {
    removeDir(dir);
  }
});

describe("no roll-back leaves a table half-made", () => {
  type Doc = { id: string; name?: string };
  const refuse = () => {
    throw new Error("refused");
  };

  test("a collection first used in a transaction that rolls back is still there afterwards", () => {
    const store = openStore();
    try {
      expect(() =>
        store.transaction(() => {
          store.collection<Doc>("trigger_bindings").insert("x", { id: "x" });
          refuse();
        }),
      ).toThrow("refused");
      const bindings = store.collection<Doc>("trigger_bindings");
      expect(bindings.count()).toBe(0); // the refused write is gone, the table is not
      bindings.insert("post-login", { id: "post-login" });
      expect(bindings.get("post-login")).toEqual({ id: "post-login" });
    } finally {
      store.close();
    }
  });

  test("one made in a nested transaction that rolls back while the outer one goes on", () => {
    const store = openStore();
    try {
      store.transaction(() => {
        expect(() =>
          store.transaction(() => {
            store.collection<Doc>("versions").insert("v1", { id: "v1" });
            refuse();
          }),
        ).toThrow("refused");
        store.collection<Doc>("versions").insert("v2", { id: "v2" });
      });
      expect(
        store
          .collection<Doc>("versions")
          .findWhere({})
          .map((doc) => doc.id),
      ).toEqual(["v2"]);
    } finally {
      store.close();
    }
  });

  test("one made in a nested transaction that committed, when the outer one rolls back", () => {
    const store = openStore();
    try {
      expect(() =>
        store.transaction(() => {
          store.transaction(() => store.collection<Doc>("marks").insert("m", { id: "m" }));
          refuse();
        }),
      ).toThrow("refused");
      expect(store.collection<Doc>("marks").count()).toBe(0);
    } finally {
      store.close();
    }
  });

  test("a collection's list entries and sealed secrets, configured in a transaction that rolls back, still work", () => {
    const dir = tempDir("tenant-store-");
    try {
      const store = openStore(dir);
      const options = {
        summarise: ({ id, name }: Doc) => ({ id, name }),
        secretPaths: KINDS.eventStream.secretPaths,
      };
      expect(() =>
        store.transaction(() => {
          store.collection<Doc>("event_streams", options).insert("est_1", { id: "est_1", name: "a" });
          refuse();
        }),
      ).toThrow("refused");
      const streams = store.collection<Doc>("event_streams");
      streams.insert("est_2", { id: "est_2", name: "b" });
      expect(streams.pageOffsetSummaries(0, 10)).toEqual([{ id: "est_2", name: "b" }]);
      store.close();
    } finally {
      removeDir(dir);
    }
  });
});
