/**
 * The functions' secrets: kept in Secret Manager (`firebase functions:secrets:set NAME`), never
 * in an env file, and handed only to the functions that declare them. The functions define each
 * from its row (functions/src/platform/adapters/params.ts), the local stack writes a value of its
 * own into the Functions emulator's `functions/.secret.local` (tools/stack/src/function-params.ts),
 * and the deploy check refuses an env file that names one (tools/deploy/src/deploy-env.ts).
 */
export interface FunctionSecret {
  /** What to set, in words that follow "set " (as a param's description). */
  description: string;
  /** The fewest random bytes the value holds, base64-encoded. */
  minBytes: number;
}

export const functionSecrets = {
  MAIL_CODE_KEY: {
    description:
      "the key of the verification mail codes' digests, 32 random bytes in base64 (`openssl rand -base64 32`): " +
      'a code is stored only as its HMAC under this key',
    minBytes: 32,
  },
} as const satisfies Record<string, FunctionSecret>;

export type FunctionSecretName = keyof typeof functionSecrets;

export const functionSecretRows = Object.entries(functionSecrets) as [FunctionSecretName, FunctionSecret][];

/**
 * A secret's bytes, or null when its value is missing, not base64, or shorter than its row asks:
 * a function that cannot use it goes on without it rather than with a weak key.
 */
export function secretBytes(name: FunctionSecretName, value: string | undefined): Uint8Array | null {
  const text = (value ?? '').trim();
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text) || text.length % 4 !== 0) return null;
  const binary = atob(text);
  if (binary.length < functionSecrets[name].minBytes) return null;
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}
