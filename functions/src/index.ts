/**
 * What deploys: the deployment's environment (composition/deployed.ts) installed first, then every
 * function of functions.ts. The local stack loads local/index.ts instead (package.json's main);
 * the deploy package's main is this file, and it carries no file of local/.
 */
import './composition/deployed.js';

export * from './functions.js';
