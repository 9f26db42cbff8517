import { start } from './app/start';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
void start(container);
