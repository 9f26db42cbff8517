// The sign-up method page and the e-mail form with its errors: in the second half of the languages
// the stack switches on (first: pages-sign-up.e2e.ts), at phone and desktop size, under axe and the
// layout checks, and screenshot (support/pages.ts lists the screens).
import { describeScreens } from './support/pages';

describeScreens('sign-up', 2);
