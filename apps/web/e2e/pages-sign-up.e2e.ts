// The sign-up method page and the e-mail form with its errors: in every language the stack switches on, at phone and desktop size, under axe and the
// layout checks, and screenshot (support/pages.ts lists the screens).
import { describeScreens } from './support/pages';

describeScreens('sign-up');
