/**
 * The accounts that may sign custom tokens, each for one kind (the handoff's sign-ins, the App Check
 * fallback's exchange), and which functions must run as each: held against the functions' manifest
 * here, and against IAM's grants in token-signer.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  APP_CHECK_MINTER,
  functionRows,
  HANDOFF_SIGNER,
  serviceAccountEmail,
  type FunctionName,
  type SigningAccount,
} from '@dayfocus/contracts/functions';

export const TOKEN_CREATOR_ROLE = 'roles/iam.serviceAccountTokenCreator';

/** The contracts' source, where each slice keeps its functions' rows (`{slice}-functions.ts`). */
const contractsSource = fileURLToPath(new URL('../../../packages/contracts/src/', import.meta.url));

/** The file holding a function's row, as a problem names it: its slice's row file. */
function rowFileOf(name: string): string {
  const rowFiles = readdirSync(contractsSource).filter((file) => file.endsWith('-functions.ts'));
  const holder = rowFiles.find((file) =>
    new RegExp(`^\\s*${name}: \\{`, 'm').test(readFileSync(join(contractsSource, file), 'utf8')),
  );
  return `packages/contracts/src/${holder ?? 'functions.ts'}`;
}

/** An account that may sign, what it is for, and what its function needs besides. */
export interface Signer {
  account: SigningAccount;
  /** Its name in the problems. */
  label: string;
  displayName: string;
  /** The functions that must run as it, held against the manifest's rows. */
  functions: readonly FunctionName[];
  /** What a workload that can sign as it could do. */
  power: string;
  /** What fails when it cannot sign. */
  withoutGrant: string;
  /**
   * The project roles its function needs for its own work (none of them signs). The handoff's:
   * Firestore (the codes, the locks, the mail outbox), Auth (an account locked on a reused code),
   * App Check's replay check (its token consumed). The fallback's: Firestore (its challenges,
   * limits and figures); App Check's exchange of its custom token asks for no role (firebase-admin's
   * app-check-api-client-internal.js sends it with the function's own credential, and the REST
   * method names no permission: the custom token's signature, by an account of the project, is the
   * proof), and it verifies no token, since it takes none.
   */
  projectRoles: readonly string[];
}

export const SIGNERS: readonly Signer[] = [
  {
    account: HANDOFF_SIGNER,
    label: 'the signer',
    displayName: 'Dayfocus handoff signer',
    functions: ['redeemSignInHandoff'],
    power: 'mint a sign-in for any user',
    withoutGrant: 'every redemption would fail',
    projectRoles: ['roles/datastore.user', 'roles/firebaseauth.admin', 'roles/firebaseappcheck.tokenVerifier'],
  },
  {
    account: APP_CHECK_MINTER,
    label: "the App Check fallback's minter",
    displayName: 'Dayfocus App Check minter',
    functions: ['attestByChallenge'],
    power: 'mint App Check tokens for every app of the project',
    withoutGrant: 'every token of the App Check fallback would fail, and a visitor reCAPTCHA refused is stranded',
    projectRoles: ['roles/datastore.user'],
  },
];

/** A signer's address in a project. */
export const accountOf = (signer: Signer, projectId: string) => serviceAccountEmail(signer.account, projectId);

/** What the manifest check reads of a function's row. */
export interface ManifestRow {
  name: string;
  serviceAccount?: string;
}

/** An account as the problems name it: a function's row without one runs as the compute default account. */
const named = (account: string | undefined) => account ?? 'the compute default account (no serviceAccount)';

/**
 * Each function that must sign runs as its signer, and no other function runs as a signer: read
 * from the manifest alone, so it holds with or without gcloud.
 */
export function manifestProblems(rows: readonly ManifestRow[] = functionRows()): string[] {
  const problems: string[] = [];
  for (const row of rows) {
    const signer = SIGNERS.find((each) => (each.functions as readonly string[]).includes(row.name));
    const declared = row.serviceAccount;
    if (signer && declared !== signer.account) {
      const other = SIGNERS.find((each) => each.account === declared);
      problems.push(
        `${row.name} runs as ${named(declared)} in the functions' manifest, not as ${signer.account}: ` +
          (other
            ? `a bug of its own or of a dependency could then ${other.power}`
            : `that account may sign nothing, so ${signer.withoutGrant}`) +
          `. Set its row's serviceAccount to ${signer.account} (${rowFileOf(row.name)})`,
      );
    }
    if (!signer && declared !== undefined)
      problems.push(
        `${row.name} runs as ${declared} in the functions' manifest, yet signs nothing: remove its serviceAccount ` +
          `(${rowFileOf(row.name)}), or give it a signer of its own in tools/deploy/src/token-signer.ts`,
      );
  }
  return problems;
}
