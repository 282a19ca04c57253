import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software passkey for tests (what Chromium's virtual authenticator does in
 * e2e): an ES256 key, "none" attestation, user present and verified, a
 * signature counter. It answers the options of a ceremony the way a browser
 * serialises a PublicKeyCredential (`toJSON()`).
 */

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export interface SoftPasskey {
  id: string;
  privateKey: KeyObject;
  publicKeyCose: Uint8Array;
  counter: number;
  /** The model it names in its attested data (all zeros: none). */
  aaguid: string;
}

export function newSoftPasskey(aaguid = '00000000-0000-0000-0000-000000000000'): SoftPasskey {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const cose = new Map<number, number | Uint8Array>([
    [1, 2], // kty: EC2
    [3, -7], // alg: ES256
    [-1, 1], // crv: P-256
    [-2, Buffer.from(jwk.x as string, 'base64url')],
    [-3, Buffer.from(jwk.y as string, 'base64url')],
  ]);
  return {
    id: b64url(randomBytes(16)),
    privateKey,
    publicKeyCose: isoCBOR.encode(cose),
    counter: 0,
    aaguid,
  };
}

function authData(rpId: string, flags: number, counter: number, attested?: Uint8Array): Buffer {
  const count = Buffer.alloc(4);
  count.writeUInt32BE(counter);
  return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, attested ?? Buffer.alloc(0)]);
}

function clientData(type: string, challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

/** What both ceremonies' answers wrap their `response` in: the credential's id, type and attachment. */
function credential<R>(key: SoftPasskey, response: R) {
  return {
    id: key.id,
    rawId: key.id,
    type: 'public-key' as const,
    clientExtensionResults: {},
    authenticatorAttachment: 'platform' as const,
    response,
  };
}

export interface Ceremony {
  challenge: string;
  rpId: string;
  origin: string;
}

/** The browser's answer to `navigator.credentials.create()` (RegistrationResponseJSON). */
export function register(key: SoftPasskey, { challenge, rpId, origin }: Ceremony) {
  const id = Buffer.from(key.id, 'base64url');
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(id.length);
  const aaguid = Buffer.from(key.aaguid.replaceAll('-', ''), 'hex');
  const attested = Buffer.concat([aaguid, idLength, id, key.publicKeyCose]);
  const attestationObject = isoCBOR.encode(
    new Map<string, string | Map<string, never> | Uint8Array>([
      ['fmt', 'none'],
      ['attStmt', new Map<string, never>()],
      ['authData', authData(rpId, UP | UV | AT, key.counter, attested)],
    ]),
  );
  return credential(key, {
    clientDataJSON: b64url(clientData('webauthn.create', challenge, origin)),
    attestationObject: b64url(attestationObject),
    transports: ['internal'],
  });
}

/** The browser's answer to `navigator.credentials.get()` (AuthenticationResponseJSON). */
export function assert(key: SoftPasskey, { challenge, rpId, origin }: Ceremony) {
  key.counter += 1;
  const data = authData(rpId, UP | UV, key.counter);
  const client = clientData('webauthn.get', challenge, origin);
  const signature = sign('sha256', Buffer.concat([data, sha256(client)]), key.privateKey);
  return credential(key, {
    clientDataJSON: b64url(client),
    authenticatorData: b64url(data),
    signature: b64url(signature),
  });
}
