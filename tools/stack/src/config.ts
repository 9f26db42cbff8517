/** Where the local stack lives. firebase.json holds the same ports for firebase-tools. */
export const stack = {
  projectId: 'demo-dayfocus',
  host: '127.0.0.1',
  ports: { auth: 9099, functions: 5001, firestore: 8080, hosting: 5000, hub: 4400 },
  region: 'asia-south1',
  /**
   * Workers (Node processes) the Functions emulator may run per function; further
   * concurrent requests queue, as on a production instance. See patches/firebase-tools*.
   */
  functionsMaxWorkers: Number(process.env.FUNCTIONS_EMULATOR_MAX_WORKERS ?? 6),
} as const;

export const urls = {
  auth: `http://${stack.host}:${stack.ports.auth}`,
  functions: `http://${stack.host}:${stack.ports.functions}/${stack.projectId}/${stack.region}`,
  firestore: `http://${stack.host}:${stack.ports.firestore}`,
  hosting: `http://${stack.host}:${stack.ports.hosting}`,
  hub: `http://${stack.host}:${stack.ports.hub}`,
} as const;

/** Environment that points the Admin SDK (and anything else Google) at the local stack. */
export const emulatorEnv = {
  FIRESTORE_EMULATOR_HOST: `${stack.host}:${stack.ports.firestore}`,
  FIREBASE_AUTH_EMULATOR_HOST: `${stack.host}:${stack.ports.auth}`,
  GCLOUD_PROJECT: stack.projectId,
  // No Google metadata server here; asking for one only delays and warns.
  METADATA_SERVER_DETECTION: 'none',
} as const;

export const demoInviter = {
  uid: 'demo-inviter',
  email: 'asha.demo@dayfocus.test',
  password: 'demo-password',
  name: 'Asha Verma',
  profileImage: `${urls.hosting}/images/demo-inviter.svg`,
  fcmToken: 'dev-demo-inviter-device',
} as const;

export function inviteLink(inviterId: string, language = 'en'): string {
  return `${urls.hosting}/feedback/${encodeURIComponent(inviterId)}/${language}`;
}
