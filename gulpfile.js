// Copies the package's icons (kept once, in icons/) into dist/icons/; tsc does not copy assets.
// Every node and the credential point at them with a relative `file:` path.
const { src, dest, task } = require('gulp');

task('build:icons', () =>
	src(['icons/*.{png,svg}'], { base: '.', encoding: false }).pipe(dest('dist')),
);
