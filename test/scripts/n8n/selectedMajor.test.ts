/**
 * scripts/n8n/install.js selectedMajor: every script (npm run dev, the e2e, queue and browser
 * suites, the benches) runs n8n 2.x, the current line, unless 1.x is asked for by flag or
 * N8N_MAJOR=1.
 */
import { selectedMajor } from '../../../scripts/n8n/install';

describe('selectedMajor', () => {
	const saved = process.env.N8N_MAJOR;
	afterEach(() => {
		if (saved === undefined) delete process.env.N8N_MAJOR;
		else process.env.N8N_MAJOR = saved;
	});

	test.each([
		[[], undefined, 2],
		[['--no-build'], undefined, 2],
		[['--n8n1'], undefined, 1],
		[['--n8n2'], undefined, 2],
		[[], '1', 1],
		[[], '2', 2],
		[['--n8n2'], '1', 2],
		[['--n8n1'], '2', 1],
		[[], 'x', 2],
	])('argv %j with N8N_MAJOR=%s runs n8n %i.x', (argv, major, expected) => {
		if (major === undefined) delete process.env.N8N_MAJOR;
		else process.env.N8N_MAJOR = major;
		expect(selectedMajor(argv)).toBe(expected);
	});
});
