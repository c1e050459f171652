/**
 * Keys and the data directory: a signing key others can read (or that someone else owns)
 * stops the server with a reason instead of signing tokens an attacker could forge; an existing
 * data directory others can enter is refused (a new one is made owner-only); the `--tls` CA is short-lived, limited to
 * loopback names, and its key never reaches the disk.
 *
 * Figure: unsafe set-ups tried, refused or repaired, and certificates for names outside
 * the CA's constraints that a client accepted (0).
 */
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createServer as createHttpsServer } from "node:https";
import { connect } from "node:tls";
import { join } from "node:path";
import forge from "node-forge";
import { startTenantServer } from "../../server/index";
import { signingKeyPath } from "../../server/auth/keys";
import { CA_VALIDITY_DAYS, createLocalCa, ensureTlsMaterial, issueCertificate } from "../../server/tls";
import { removeDir, tempDir } from "../server/helpers";
import { printFigure } from "./support";

const figures = { unsafeSetups: 0, refusedOrRepaired: 0, outsideNamesAccepted: 0 };
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) removeDir(dir);
  printFigure("key-permissions", figures);
});
const newDir = () => {
  const dir = tempDir("tenant-keys-");
  dirs.push(dir);
  return dir;
};
const modeOf = (path: string) => statSync(path).mode & 0o777;
/** Starts and stops a server on `dataDir`; resolves with the start-up error, if any. */
async function startError(dataDir: string): Promise<Error | undefined> {
  try {
    const server = await startTenantServer({ port: 0, logger: false, dataDir });
    await server.close();
    return undefined;
  } catch (error) {
    return error as Error;
  }
}
/** Counts an unsafe set-up and whether the server dealt with it. */
function tally(handled: boolean): void {
  figures.unsafeSetups++;
  if (handled) figures.refusedOrRepaired++;
}

test("a signing key readable by group or others stops the start, naming the file and the fix", async () => {
  const dir = newDir();
  expect(await startError(dir)).toBeUndefined();
  for (const mode of [0o644, 0o640, 0o604]) {
    chmodSync(signingKeyPath(dir), mode);
    const error = await startError(dir);
    tally(error !== undefined);
    expect(error?.message).toContain(signingKeyPath(dir));
    expect(error?.message).toMatch(/readable by others.*chmod 600|chmod 600.*readable by others/s);
  }
  chmodSync(signingKeyPath(dir), 0o600);
  expect(await startError(dir)).toBeUndefined();
});

(process.getuid?.() === 0 ? test : test.skip)(
  "a key or data directory owned by another user stops the start",
  async () => {
    const dir = newDir();
    expect(await startError(dir)).toBeUndefined();
    chownSync(signingKeyPath(dir), 65534, 65534);
    const keyError = await startError(dir);
    tally(keyError !== undefined);
    expect(keyError?.message).toMatch(/owned by another user/);
    chownSync(signingKeyPath(dir), 0, 0);
    chownSync(dir, 65534, 65534);
    const dirError = await startError(dir);
    tally(dirError !== undefined);
    expect(dirError?.message).toMatch(/owned by another user/);
    chownSync(dir, 0, 0);
  },
);

test("an existing data directory or keys directory open to group or others is refused, never chmodded", async () => {
  for (const mode of [0o777, 0o750, 0o705]) {
    const dir = newDir();
    chmodSync(dir, mode);
    const error = await startError(dir);
    tally(error !== undefined && modeOf(dir) === mode);
    expect(error?.message).toContain(dir);
    expect(error?.message).toContain(`mode 0${mode.toString(8)}`);
    expect(error?.message).toMatch(/chmod 700 .*--data-dir/s);
    expect(modeOf(dir)).toBe(mode);
  }
  const dir = newDir();
  mkdirSync(join(dir, "keys"), { mode: 0o755 });
  chmodSync(join(dir, "keys"), 0o755);
  const error = await startError(dir);
  tally(error !== undefined);
  expect(error?.message).toContain(join(dir, "keys"));
  expect(modeOf(join(dir, "keys"))).toBe(0o755);
});

test("a data directory that does not exist is created owner-only, with its keys", async () => {
  const dir = join(newDir(), "new", "data");
  expect(await startError(dir)).toBeUndefined();
  expect({ dataDir: modeOf(dir), keys: modeOf(join(dir, "keys")), key: modeOf(signingKeyPath(dir)) }).toEqual({
    dataDir: 0o700,
    keys: 0o700,
    key: 0o600,
  });
});

describe("the --tls CA", () => {
  test("lives at most 30 days, allows only loopback names, and its key is not on disk", () => {
    const dir = newDir();
    ensureTlsMaterial(dir);
    const ca = forge.pki.certificateFromPem(readFileSync(join(dir, "tls", "ca.pem"), "utf8"));
    const days = (ca.validity.notAfter.getTime() - Date.now()) / 86_400_000;
    const constraints = ca.getExtension("nameConstraints") as {
      critical?: boolean;
      permittedSubtrees?: { type: number; value: string }[];
    } | null;
    const permitted = (constraints?.permittedSubtrees ?? [])
      .map((tree) => (tree.type === 7 ? forge.util.bytesToHex(tree.value) : tree.value))
      .sort();
    tally(days <= CA_VALIDITY_DAYS && !!constraints && !existsSync(join(dir, "tls", "ca-key.pem")));
    expect(CA_VALIDITY_DAYS).toBeLessThanOrEqual(30);
    expect(days).toBeLessThanOrEqual(CA_VALIDITY_DAYS);
    expect(constraints?.critical).toBe(true);
    // 127.0.0.0/8 and ::1/128 as address + mask, and the DNS name localhost.
    expect(permitted).toEqual(
      ["00000000000000000000000000000001ffffffffffffffffffffffffffffffff", "7f000000ff000000", "localhost"].sort(),
    );
    expect(existsSync(join(dir, "tls", "ca-key.pem"))).toBe(false);
    expect(modeOf(join(dir, "tls", "server-key.pem"))).toBe(0o600);
  });

  test("an earlier CA (key on disk) or one about to expire is replaced", () => {
    const dir = newDir();
    ensureTlsMaterial(dir);
    const first = readFileSync(join(dir, "tls", "ca.pem"), "utf8");
    writeFileSync(join(dir, "tls", "ca-key.pem"), "an earlier layout kept the CA key here", { mode: 0o600 });
    ensureTlsMaterial(dir);
    const second = readFileSync(join(dir, "tls", "ca.pem"), "utf8");
    expect(existsSync(join(dir, "tls", "ca-key.pem"))).toBe(false);
    expect(second).not.toBe(first);
    ensureTlsMaterial(dir, Date.now() + (CA_VALIDITY_DAYS - 1) * 86_400_000);
    expect(readFileSync(join(dir, "tls", "ca.pem"), "utf8")).not.toBe(second);
    ensureTlsMaterial(dir);
    tally(true);
  });

  test.each([
    ["localhost", true, { type: 2, value: "localhost" }],
    ["127.0.0.1", true, { type: 7, ip: "127.0.0.1" }],
    ["evil.example", false, { type: 2, value: "evil.example" }],
    ["10.0.0.1", false, { type: 7, ip: "10.0.0.1" }],
  ] as const)("a certificate for %s from such a CA is accepted: %s", async (name, accepted, altName) => {
    const ca = createLocalCa();
    // A common name that looks like a host name is checked against the constraints too: give IP certificates a plain one.
    const leaf = issueCertificate(ca, altName.type === 2 ? name : "tenant server", [altName]);
    const server = createHttpsServer({ key: leaf.keyPem, cert: leaf.certPem }, (_request, response) =>
      response.end("ok"),
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const port = (server.address() as { port: number }).port;
      const outcome = await new Promise<string>((resolve) => {
        const socket = connect(
          {
            host: "127.0.0.1",
            port,
            ca: ca.certPem,
            servername: altName.type === 2 ? name : undefined,
            checkServerIdentity: () => undefined,
          },
          () => {
            socket.end();
            resolve("accepted");
          },
        );
        socket.on("error", (error) => resolve(error.message));
      });
      if (!accepted) {
        tally(outcome !== "accepted");
        if (outcome === "accepted") figures.outsideNamesAccepted++;
      }
      expect(outcome === "accepted").toBe(accepted);
    } finally {
      server.close();
    }
  });
});
