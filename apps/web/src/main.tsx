import { start } from './app/start';
import { readServerState } from './app/server-state';
import { takeOverPage } from './takeover/page';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const state = readServerState(document);
void (state ? takeOverPage(container, state) : start(container));
