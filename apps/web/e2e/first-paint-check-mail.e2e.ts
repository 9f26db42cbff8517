// The first HTML tells the truth (docs/arrival.md): on a slow phone the server's page is all a
// person has for seconds, so it must already be the page the app will show. Here, the
// check-mail page reloaded on a slow phone (a dropped tab): it shows where the mail went from the
// first paint, and nothing on it moves when the app takes over.
// In Tamil here; in Hindi: first-paint-check-mail-hi.e2e.ts.
import { describeCheckMailReloaded } from './support/check-mail-reloaded';

describeCheckMailReloaded('ta');
