// The home page, the not-found page and an unknown inviter's link: in the first half of the languages
// the stack switches on (second: pages-plain-2.e2e.ts), at phone and desktop size, under axe and the
// layout checks, and screenshot (support/pages.ts lists the screens).
import { describeScreens } from './support/pages';

describeScreens('plain', 1);
