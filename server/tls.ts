/**
 * HTTPS on request: a local certificate authority and a server certificate for
 * 127.0.0.1 / ::1 / localhost signed by it, so clients that insist on `https://{domain}`
 * (the official SDK) connect with `NODE_EXTRA_CA_CERTS=<dir>/tls/ca.pem`.
 *
 * Whoever trusts that CA trusts whatever it signs, so it is made to be worth little to
 * anyone else: it lives {@link CA_VALIDITY_DAYS} days, its name constraints (critical)
 * permit only loopback addresses and `localhost`, and its key signs the one server
 * certificate in memory and is never written. The material is made again when the CA is
 * within {@link RENEW_BEFORE_DAYS} days of expiring, or when an earlier layout left the
 * CA key on disk. Keys come from node:crypto (fast); node-forge builds the certificates.
 */
import { generateKeyPairSync, randomBytes, X509Certificate } from "node:crypto";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import forge from "node-forge";
import { checkPrivateKeyFile, ensurePrivateDir, writePrivateFile } from "./files";

/** The files of the local PKI and the server's key and certificate. */
export interface TlsMaterial {
  /** PEM file of the CA to trust (`NODE_EXTRA_CA_CERTS`). */
  caCertPath: string;
  key: string;
  cert: string;
}

/** How long the CA (and the server certificate) is valid. */
export const CA_VALIDITY_DAYS = 30;
/** The material is made again this many days before the CA expires. */
export const RENEW_BEFORE_DAYS = 7;
const DAY_MS = 86_400_000;

const FILES = { caCert: "ca.pem", cert: "server.pem", key: "server-key.pem" } as const;
/** Where an earlier release kept the CA key. */
const EARLIER_CA_KEY = "ca-key.pem";

/** A CA whose key exists only in this process. */
export interface LocalCa {
  cert: forge.pki.Certificate;
  certPem: string;
  keyPem: string;
}

/** A subject alternative name as node-forge takes it: type 2 = DNS name, type 7 = IP address. */
export type AltName = { type: 2; value: string } | { type: 7; ip: string };

function newKeyPair(): { privatePem: string; publicPem: string } {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  return {
    privatePem: privateKey.export({ format: "pem", type: "pkcs8" }).toString(),
    publicPem: publicKey.export({ format: "pem", type: "spki" }).toString(),
  };
}

/**
 * A random certificate serial (RFC 5280: positive, at most 20 bytes) whose DER INTEGER is
 * minimal: the first byte 0x40–0x7f, so it needs no 0x00 before it and is never read as
 * negative. (It was "0" + 16 random bytes: when the first random byte was 0x00 and the second
 * under 0x80, the DER kept an illegal padding byte and OpenSSL refused the certificate:
 * "asn1 encoding routines::illegal padding", about once in 512 certificates.)
 */
export function serialNumberHex(random: Buffer = randomBytes(16)): string {
  const bytes = Buffer.from(random);
  bytes[0] = (bytes[0]! & 0x3f) | 0x40;
  return bytes.toString("hex");
}

function certificate(options: {
  subjectCn: string;
  publicPem: string;
  issuer?: forge.pki.Certificate;
  signingKeyPem: string;
  now: number;
  extensions: object[];
}): forge.pki.Certificate {
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(options.publicPem);
  cert.serialNumber = serialNumberHex();
  cert.validity.notBefore = new Date(options.now - 60_000);
  cert.validity.notAfter = new Date(options.now + CA_VALIDITY_DAYS * DAY_MS);
  const subject = [
    { name: "commonName", value: options.subjectCn },
    { name: "organizationName", value: "pulumi-tenant local" },
  ];
  cert.setSubject(subject);
  cert.setIssuer(options.issuer ? options.issuer.subject.attributes : subject);
  cert.setExtensions(options.extensions);
  cert.sign(forge.pki.privateKeyFromPem(options.signingKeyPem) as forge.pki.rsa.PrivateKey, forge.md.sha256.create());
  return cert;
}

/**
 * The NameConstraints extension (RFC 5280 4.2.1.10): permitted subtrees 127.0.0.0/8 and
 * ::1/128 (address then mask) and the DNS name localhost. node-forge reads this extension
 * but cannot write it, so its DER is built here.
 */
function loopbackNameConstraints(): object {
  const { asn1 } = forge;
  const subtree = (tag: number, value: string) =>
    asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
      asn1.create(asn1.Class.CONTEXT_SPECIFIC, tag, false, value),
    ]);
  const ipv4 = forge.util.hexToBytes("7f000000ff000000");
  const ipv6 = forge.util.hexToBytes(`${"00".repeat(15)}01${"ff".repeat(16)}`);
  const permitted = asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [
    subtree(7, ipv4),
    subtree(7, ipv6),
    subtree(2, "localhost"),
  ]);
  const value = asn1.toDer(asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [permitted])).getBytes();
  return { id: "2.5.29.30", critical: true, value };
}

/** The common name every local CA's starts with; a random tag follows, so no two CAs share a subject. */
export const CA_NAME_PREFIX = "pulumi-tenant local CA";

/**
 * A new CA: short-lived and limited to loopback names; its key is returned, never stored.
 * Its subject carries a random tag (and its serial is random): a client that trusts several
 * local tenant servers at once picks a server's issuer by subject name, and two CAs of one
 * name would make it check one server's certificate against the other's key.
 */
export function createLocalCa(now = Date.now()): LocalCa {
  const keys = newKeyPair();
  const cert = certificate({
    subjectCn: `${CA_NAME_PREFIX} ${randomBytes(8).toString("hex")}`,
    publicPem: keys.publicPem,
    signingKeyPem: keys.privatePem,
    now,
    extensions: [
      { name: "basicConstraints", cA: true, pathLenConstraint: 0, critical: true },
      { name: "keyUsage", keyCertSign: true, cRLSign: true, critical: true },
      { name: "subjectKeyIdentifier" },
      loopbackNameConstraints(),
    ],
  });
  return { cert, certPem: forge.pki.certificateToPem(cert), keyPem: keys.privatePem };
}

/** A server certificate for `altNames`, signed by `ca`. */
export function issueCertificate(
  ca: LocalCa,
  commonName: string,
  altNames: readonly AltName[],
  now = Date.now(),
): { certPem: string; keyPem: string } {
  const keys = newKeyPair();
  const cert = certificate({
    subjectCn: commonName,
    publicPem: keys.publicPem,
    issuer: ca.cert,
    signingKeyPem: ca.keyPem,
    now,
    extensions: [
      { name: "basicConstraints", cA: false },
      { name: "keyUsage", digitalSignature: true, keyEncipherment: true, critical: true },
      { name: "extKeyUsage", serverAuth: true },
      { name: "subjectAltName", altNames: [...altNames] },
    ],
  });
  return { certPem: forge.pki.certificateToPem(cert), keyPem: keys.privatePem };
}

const LOOPBACK_NAMES: AltName[] = [
  { type: 7, ip: "127.0.0.1" },
  { type: 7, ip: "::1" },
  { type: 2, value: "localhost" },
];

/** True when the material in `tlsDir` is complete, of this layout, and not about to expire. */
function current(tlsDir: string, now: number): boolean {
  const path = (name: keyof typeof FILES) => join(tlsDir, FILES[name]);
  if (existsSync(join(tlsDir, EARLIER_CA_KEY))) return false;
  if (!Object.keys(FILES).every((name) => existsSync(path(name as keyof typeof FILES)))) return false;
  const ca = new X509Certificate(readFileSync(path("caCert")));
  // An earlier release gave every CA the same subject: such a CA is made again with a name of its own.
  if (ca.subject.split("\n").includes(`CN=${CA_NAME_PREFIX}`)) return false;
  return Date.parse(ca.validTo) - now > RENEW_BEFORE_DAYS * DAY_MS;
}

/** Loads the CA certificate and server key and certificate from `<dir>/tls`, making them when needed. */
export function ensureTlsMaterial(dir: string, now = Date.now()): TlsMaterial {
  const tlsDir = join(dir, "tls");
  const path = (name: keyof typeof FILES) => join(tlsDir, FILES[name]);
  ensurePrivateDir(tlsDir);
  if (!current(tlsDir, now)) {
    // An earlier release kept a 10-year CA key here, unconstrained: that CA must not sign again.
    rmSync(join(tlsDir, EARLIER_CA_KEY), { force: true });
    const ca = createLocalCa(now);
    // CN localhost: with name constraints, a CN that looks like a host name is checked as a DNS name.
    const server = issueCertificate(ca, "localhost", LOOPBACK_NAMES, now);
    writePrivateFile(path("key"), server.keyPem);
    writeFileSync(path("cert"), server.certPem);
    writeFileSync(path("caCert"), ca.certPem);
  }
  checkPrivateKeyFile(path("key"), "TLS server key");
  return {
    caCertPath: path("caCert"),
    key: readFileSync(path("key"), "utf8"),
    cert: readFileSync(path("cert"), "utf8"),
  };
}
