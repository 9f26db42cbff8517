// The sign-up method page and the e-mail form with its errors: in the first half of the languages
// the stack switches on (second: pages-sign-up-2.e2e.ts), at phone and desktop size, under axe and the
// layout checks, and screenshot (support/pages.ts lists the screens).
import { describeScreens } from './support/pages';

describeScreens('sign-up', 1);
