// The invitation, with her picture and without: in every language the stack switches on, at phone and desktop size, under axe and the
// layout checks, and screenshot (support/pages.ts lists the screens).
import { describeScreens } from './support/pages';

describeScreens('invitation');
