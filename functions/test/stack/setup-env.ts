// Points the Admin SDK at the local stack before any test module loads it.
process.env.FIRESTORE_EMULATOR_HOST ??= '127.0.0.1:8080';
process.env.FIREBASE_AUTH_EMULATOR_HOST ??= '127.0.0.1:9099';
process.env.GCLOUD_PROJECT ??= 'demo-dayfocus';
process.env.METADATA_SERVER_DETECTION ??= 'none';
