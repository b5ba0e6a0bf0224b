/**
 * The files the app needs to take over a page, named for the page to fetch ahead of the shopper's first tap (issue 33):
 * a page the server drew starts its app at that tap, and the app's code, fetched then, was most of the wait for it.
 */
export interface AppCode {
  /** A short name for what these modules need (`appSourcesOf`), which the page asks `APP_CODE_BASE` (server-data.ts) for; '' for none. */
  nameOf(sources: readonly string[]): string;
  /**
   * The files a name stands for, each after the files it imports, those every page links already left out; null for a
   * name this build never gave.
   */
  filesOf(name: string): readonly string[] | null;
}

/** A name: each module's place in the build's sorted list, in base 36, joined by dots (`0.4.1c`). */
const NAME = /^[0-9a-z]{1,3}(\.[0-9a-z]{1,3}){0,99}$/;

/**
 * Reads the build's page code (`scripts/page-code.ts`: each lazily loaded module's files, by its source path) into
 * names and files; `linked` are the files every page links already (its scripts and their preloads).
 */
export function appCodeOf(modules: Readonly<Record<string, readonly string[]>>, linked: readonly string[]): AppCode {
  const sources = Object.keys(modules).sort();
  const place = new Map(sources.map((source, index) => [source, index]));
  const already = new Set(linked);
  return {
    nameOf(wanted) {
      const places = [...new Set(wanted.flatMap((source) => place.get(source) ?? []))].sort((a, b) => a - b);
      return places.map((at) => at.toString(36)).join('.');
    },
    filesOf(name) {
      if (!NAME.test(name)) return null;
      // Each module's files come after their imports, and include them: kept in the order first met, so do these.
      const files = new Set<string>();
      for (const part of name.split('.')) {
        const source = sources[parseInt(part, 36)];
        if (source === undefined) return null;
        for (const file of modules[source]!) if (!already.has(file)) files.add(file);
      }
      return [...files];
    },
  };
}
