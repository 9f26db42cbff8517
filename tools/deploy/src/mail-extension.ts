/**
 * The preflight's check of the Trigger Email extension (firebase/firestore-send-email), which sends
 * the verification mails the functions put in its collection: without its SMTP settings the
 * sign-up's e-mail would wait in `_mail` for ever. Its params are read as firebase-tools reads them
 * (`extensions/{instance}.env`, then the alias's and `.env.{projectId}`). The SMTP password is a
 * secret param (Secret Manager), which no file here holds.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { collections } from '@dayfocus/contracts/records';
import { readFirebaseJson, type DeployContext } from './context.js';

export const MAIL_EXTENSION = 'firestore-send-email';
const SOURCE = /^firebase\/firestore-send-email@\d+\.\d+\.\d+$/;

/** firebase-tools' parser of env files (its lib/functions/env.js), which its extensions' params files go through. */
interface FirebaseToolsEnv {
  parse(text: string): { envs: Record<string, string>; errors: string[] };
}
const envFiles = () => createRequire(import.meta.url)('firebase-tools/lib/functions/env.js') as FirebaseToolsEnv;

/**
 * The params a deploy of the extension to the context's project would use; null without any params
 * file. The files and their order are those of firebase-tools' `readInstanceParam` (its
 * lib/extensions/manifest.js), each parsed by its own parser; like it, a file that cannot be read
 * or parsed is passed over. Not that module itself: loading it (the extensions' planner, their API
 * client, the archiver) took 460 of the preflight's 1,000 processor-milliseconds.
 */
function extensionParams(deploy: DeployContext): Record<string, string> | null {
  const files = [
    `${MAIL_EXTENSION}.env`,
    ...(deploy.project.alias ? [`${MAIL_EXTENSION}.env.${deploy.project.alias}`] : []),
    ...(deploy.project.id ? [`${MAIL_EXTENSION}.env.${deploy.project.id}`] : []),
  ];
  let params: Record<string, string> | null = null;
  for (const file of files) {
    const path = join(deploy.root, 'extensions', file);
    if (!existsSync(path)) continue;
    const { envs, errors } = envFiles().parse(readFileSync(path, 'utf8').trim());
    if (errors.length > 0) continue;
    params = { ...(params ?? {}), ...envs };
  }
  return params;
}

export function mailExtensionOutcome(deploy: DeployContext): { problems: string[]; where: string; note?: string } {
  const where = `firebase.json extensions, extensions/${MAIL_EXTENSION}.env*`;
  const source = (readFirebaseJson(deploy.root) as { extensions?: Record<string, string> }).extensions?.[
    MAIL_EXTENSION
  ];
  if (!source || !SOURCE.test(source))
    return {
      where,
      problems: [
        `firebase.json names no pinned Trigger Email extension: "extensions": {"${MAIL_EXTENSION}": "firebase/firestore-send-email@x.y.z"}`,
      ],
    };
  const params = extensionParams(deploy);
  if (!params) return { where, problems: [`extensions/${MAIL_EXTENSION}.env is missing`] };
  const projectFile = `extensions/${MAIL_EXTENSION}.env.${deploy.project.id ?? '{projectId}'}`;
  const problems: string[] = [];
  const smtp = params.SMTP_CONNECTION_URI?.trim() ?? '';
  if (!/^smtps?:\/\/[^\s]+:\d+/.test(smtp) || /your-|example\.com|hostname\.com|localhost|127\./.test(smtp))
    problems.push(
      `SMTP_CONNECTION_URI is ${smtp ? `"${smtp}", not an SMTP server of the project's` : 'not set'}: set it in ${projectFile} ` +
        '(smtps://user@smtp.provider.com:465; the password goes in the SMTP_PASSWORD secret, which the first deploy asks for)',
    );
  const from = params.DEFAULT_FROM?.trim() ?? '';
  if (!/@[^@\s]+\.[^@\s]+>?$/.test(from) || /example\.com|your-/.test(from))
    problems.push(
      `DEFAULT_FROM is ${from ? `"${from}"` : 'not set'}: set the sender in ${projectFile} ("Dayfocus <noreply@dayfocus.app>")`,
    );
  if (params.MAIL_COLLECTION !== collections.mail)
    problems.push(
      `MAIL_COLLECTION is ${params.MAIL_COLLECTION ?? 'not set'}: the functions write the mails to ${collections.mail}`,
    );
  return { where, problems, note: `${source}, sends from ${from || '?'}` };
}
