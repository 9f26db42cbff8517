/**
 * The preflight's check of the Trigger Email extension (firebase/firestore-send-email), which sends
 * the verification mails the functions put in its collection: without its SMTP settings the
 * sign-up's e-mail would wait in `_mail` for ever. Its params are read as firebase-tools reads them
 * (its lib/extensions/manifest.js: `extensions/{instance}.env`, then `.env.{projectId}` and the
 * alias's). The SMTP password is a secret param (Secret Manager), which no file here holds.
 */
import { createRequire } from 'node:module';
import { collections } from '@dayfocus/contracts/records';
import { readFirebaseJson, type DeployContext } from './context.js';

export const MAIL_EXTENSION = 'firestore-send-email';
const SOURCE = /^firebase\/firestore-send-email@\d+\.\d+\.\d+$/;

interface FirebaseToolsManifest {
  readInstanceParam(args: {
    projectDir: string;
    instanceId: string;
    projectId?: string;
    aliases?: string[];
    checkLocal?: boolean;
  }): Record<string, string>;
}
const manifest = () =>
  createRequire(import.meta.url)('firebase-tools/lib/extensions/manifest.js') as FirebaseToolsManifest;

/** The params a deploy of the extension to the context's project would use; null without any params file. */
function extensionParams(deploy: DeployContext): Record<string, string> | null {
  try {
    return manifest().readInstanceParam({
      projectDir: deploy.root,
      instanceId: MAIL_EXTENSION,
      ...(deploy.project.id ? { projectId: deploy.project.id } : {}),
      aliases: deploy.project.alias ? [deploy.project.alias] : [],
    });
  } catch {
    return null;
  }
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
