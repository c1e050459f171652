/**
 * The store's additions over time: a database written by an earlier release (no list
 * entries beside the forms) is brought up to date when it is opened.
 */
import Database from "better-sqlite3";
import { join } from "node:path";
import { DATABASE_FILE, openStore } from "../../server/store";
import { removeDir, tempDir } from "./helpers";

test("forms stored before list entries existed are listed after an upgrade", () => {
  const dir = tempDir("tenant-store-");
  try {
    const earlier = new Database(join(dir, DATABASE_FILE));
    earlier.exec("CREATE TABLE forms (seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, body TEXT NOT NULL)");
    earlier.prepare("INSERT INTO forms (id, body) VALUES (?, ?)").run("ap_1", JSON.stringify({ id: "ap_1", name: "old", style: { css: "x" } }));
    earlier.close();

    const store = openStore(dir);
    const forms = store.collection<{ id: string; name: string }>("forms", { summarise: ({ id, name }) => ({ id, name }) });
    forms.insert("ap_2", { id: "ap_2", name: "new" });
    expect(forms.pageOffsetSummaries(0, 10)).toEqual([{ id: "ap_1", name: "old" }, { id: "ap_2", name: "new" }]);
    expect(forms.get("ap_1")).toEqual({ id: "ap_1", name: "old", style: { css: "x" } });
    store.close();
  } finally {
    removeDir(dir);
  }
});
