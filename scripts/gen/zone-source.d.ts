/** Types of scripts/gen/zone-source.js for the TypeScript suites. */
export function packageDir(pkg: string): string;
export function version(pkg: string): string;
/** The canonical IANA name of a zone, following links. */
export function canonical(zone: string): string;
/** "America/Denver&America/Phoenix" as its canonical zones, sorted, each once. */
export function zonesOf(text: unknown): string[];
/** Every +1 prefix of the source's timezone map ('1', '1907', '1907586', …) with its zones. */
export function northAmericaPrefixes(): Map<string, string[]>;
