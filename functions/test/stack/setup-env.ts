// Points the Admin SDK at the local stack (the shared test support sets its environment on
// import) before any test module loads firebase-admin.
import '@dayfocus/stack/testing';
