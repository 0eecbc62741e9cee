// Copies node and credential icons next to the compiled code; tsc does not copy assets.
const { src, dest, task } = require('gulp');

task('build:icons', () =>
	src(['nodes/**/*.{png,svg}', 'credentials/**/*.{png,svg}'], { base: '.', encoding: false }).pipe(
		dest('dist'),
	),
);
