/**
 * HTTPS on request: a local certificate authority and a server certificate for
 * 127.0.0.1 / localhost signed by it, so clients that insist on `https://{domain}`
 * (the official SDK) connect with `NODE_EXTRA_CA_CERTS=<dir>/tls/ca.pem`.
 * Keys come from node:crypto (fast); node-forge builds and signs the certificates.
 */
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import forge from "node-forge";

/** The files of the local PKI and the server's key and certificate. */
export interface TlsMaterial {
  /** PEM file of the CA to trust (`NODE_EXTRA_CA_CERTS`). */
  caCertPath: string;
  key: string;
  cert: string;
}

const FILES = { caCert: "ca.pem", caKey: "ca-key.pem", cert: "server.pem", key: "server-key.pem" } as const;

function newKeyPair(): { privatePem: string; publicPem: string } {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  return {
    privatePem: privateKey.export({ format: "pem", type: "pkcs8" }).toString(),
    publicPem: publicKey.export({ format: "pem", type: "spki" }).toString(),
  };
}

function certificate(options: {
  subjectCn: string; publicPem: string; issuer?: forge.pki.Certificate; signingKeyPem: string; years: number;
  extensions: object[];
}): forge.pki.Certificate {
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(options.publicPem);
  // A positive random serial: the top bit cleared so it is never read as negative.
  cert.serialNumber = `0${randomBytes(16).toString("hex")}`;
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + options.years * 365 * 24 * 3600 * 1000);
  const subject = [{ name: "commonName", value: options.subjectCn }, { name: "organizationName", value: "pulumi-tenant local" }];
  cert.setSubject(subject);
  cert.setIssuer(options.issuer ? options.issuer.subject.attributes : subject);
  cert.setExtensions(options.extensions);
  cert.sign(forge.pki.privateKeyFromPem(options.signingKeyPem) as forge.pki.rsa.PrivateKey, forge.md.sha256.create());
  return cert;
}

/** Loads the CA and server certificate from `<dir>/tls`, creating them on first use. */
export function ensureTlsMaterial(dir: string): TlsMaterial {
  const tlsDir = join(dir, "tls");
  const path = (name: keyof typeof FILES) => join(tlsDir, FILES[name]);
  if (!Object.keys(FILES).every((name) => existsSync(path(name as keyof typeof FILES)))) {
    mkdirSync(tlsDir, { recursive: true, mode: 0o700 });
    const caKeys = newKeyPair();
    const ca = certificate({
      subjectCn: "pulumi-tenant local CA", publicPem: caKeys.publicPem, signingKeyPem: caKeys.privatePem, years: 10,
      extensions: [
        { name: "basicConstraints", cA: true, critical: true },
        { name: "keyUsage", keyCertSign: true, cRLSign: true, critical: true },
        { name: "subjectKeyIdentifier" },
      ],
    });
    const serverKeys = newKeyPair();
    const server = certificate({
      subjectCn: "127.0.0.1", publicPem: serverKeys.publicPem, issuer: ca, signingKeyPem: caKeys.privatePem, years: 2,
      extensions: [
        { name: "basicConstraints", cA: false },
        { name: "keyUsage", digitalSignature: true, keyEncipherment: true, critical: true },
        { name: "extKeyUsage", serverAuth: true },
        // type 7 = IP address, type 2 = DNS name.
        { name: "subjectAltName", altNames: [{ type: 7, ip: "127.0.0.1" }, { type: 7, ip: "::1" }, { type: 2, value: "localhost" }] },
      ],
    });
    writeFileSync(path("caKey"), caKeys.privatePem, { mode: 0o600 });
    writeFileSync(path("key"), serverKeys.privatePem, { mode: 0o600 });
    writeFileSync(path("cert"), forge.pki.certificateToPem(server));
    writeFileSync(path("caCert"), forge.pki.certificateToPem(ca));
  }
  return { caCertPath: path("caCert"), key: readFileSync(path("key"), "utf8"), cert: readFileSync(path("cert"), "utf8") };
}
