import crypto from 'node:crypto';
import { type CBORType, encodeCBOR } from '@levischuck/tiny-cbor';

/**
 * A WebAuthn authenticator in software, for API tests: an ES256 key pair made with node:crypto, and the
 * attestation and assertion responses a browser would send for it (WebAuthn Level 2, 6.1 and 6.5), with
 * the "none" attestation format. What a test wants to get wrong (the origin, the counter, the challenge)
 * it passes in; everything else is what a real authenticator produces.
 */
export class SoftwareAuthenticator {
  readonly credentialId = crypto.randomBytes(16);
  private readonly keys: crypto.KeyPairKeyObjectResult;
  /** The signature counter, moved forward before each assertion (as authenticators that keep one do). */
  counter = 0;
  private userHandle: string | undefined;

  constructor(
    private readonly rpId: string,
    private readonly origin: string,
    keys?: crypto.KeyPairKeyObjectResult,
  ) {
    this.keys = keys ?? crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  }

  get id(): string {
    return this.credentialId.toString('base64url');
  }

  /** A copy holding the same private key and credential id, with its own counter: a cloned key. */
  clone(): SoftwareAuthenticator {
    const copy = new SoftwareAuthenticator(this.rpId, this.origin, this.keys);
    copy.credentialId.set(this.credentialId);
    copy.counter = this.counter;
    copy.userHandle = this.userHandle;
    return copy;
  }

  /** navigator.credentials.create() answering the server's creation options. */
  register(options: { challenge: string; user?: { id?: string } }, overrides: { origin?: string } = {}) {
    this.userHandle = options.user?.id;
    const clientDataJSON = this.clientData('webauthn.create', options.challenge, overrides.origin);
    const authenticatorData = Buffer.concat([
      this.authenticatorDataHeader(0x45, this.counter),
      Buffer.alloc(16), // AAGUID: none
      Buffer.from([this.credentialId.length >> 8, this.credentialId.length & 0xff]),
      this.credentialId,
      this.cosePublicKey(),
    ]);
    const attestationObject = encodeCBOR(
      new Map<string, CBORType>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, CBORType>()],
        ['authData', new Uint8Array(authenticatorData)],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: clientDataJSON.toString('base64url'),
        attestationObject: Buffer.from(attestationObject).toString('base64url'),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }

  /** navigator.credentials.get() answering the server's request options. */
  authenticate(
    options: { challenge: string },
    overrides: { origin?: string; counter?: number; rpId?: string } = {},
  ) {
    this.counter = overrides.counter ?? this.counter + 1;
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, overrides.origin);
    const authenticatorData = this.authenticatorDataHeader(0x05, this.counter, overrides.rpId);
    const signature = crypto.sign(
      'sha256',
      Buffer.concat([authenticatorData, crypto.createHash('sha256').update(clientDataJSON).digest()]),
      this.keys.privateKey,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: clientDataJSON.toString('base64url'),
        authenticatorData: authenticatorData.toString('base64url'),
        signature: signature.toString('base64url'),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }

  private clientData(type: string, challenge: string, origin = this.origin): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** rpIdHash, flags (user present 0x01, verified 0x04, attested data 0x40), counter (big-endian). */
  private authenticatorDataHeader(flags: number, counter: number, rpId = this.rpId): Buffer {
    const header = Buffer.alloc(37);
    crypto.createHash('sha256').update(rpId).digest().copy(header, 0);
    header[32] = flags;
    header.writeUInt32BE(counter, 33);
    return header;
  }

  /** The public key as a COSE_Key: EC2 (1), ES256 (-7), curve P-256 (1), x and y. */
  private cosePublicKey(): Buffer {
    const jwk = this.keys.publicKey.export({ format: 'jwk' });
    const coordinate = (value: string | undefined) => new Uint8Array(Buffer.from(value ?? '', 'base64url'));
    return Buffer.from(
      encodeCBOR(
        new Map<number, number | Uint8Array>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, coordinate(jwk.x)],
          [-3, coordinate(jwk.y)],
        ]),
      ),
    );
  }
}
