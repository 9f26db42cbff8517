/** The types of vitest-file-times.mjs, for the vitest configs that import it. */
export default class FileTimes {
  onTestModuleEnd(testModule: unknown): void;
}
export declare const reporters: string[];
