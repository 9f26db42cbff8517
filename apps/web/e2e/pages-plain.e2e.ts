// The home page, the not-found page and an unknown inviter's link: in every language the stack switches on, at phone and desktop size, under axe and the
// layout checks, and screenshot (support/pages.ts lists the screens).
import { describeScreens } from './support/pages';

describeScreens('plain');
