/**
 * chai-as-promised 8 is an ES module whose plugin is its default export; the suite, compiled as
 * CommonJS without esModuleInterop, hands `require('chai-as-promised')` itself to chai's `use()`.
 * This module (compiled to CommonJS by compile.ts) is that plugin.
 */
import chaiAsPromised from 'chai-as-promised';

module.exports = chaiAsPromised;
