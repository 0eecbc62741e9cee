/**
 * docker/Dockerfile, the way to run the package on n8n 3.x (Docker only, docs/n8n-3.md): this
 * machine cannot pull n8n's images, so what can be proven without building is proven here:
 * - it lints clean (dockerfile-utils, the linter of the Dockerfile language server);
 * - its stages fit together: the install stage runs docker/install-nodes.sh into the folder
 *   n8n loads community packages from, the n8n stage copies exactly that folder, from that
 *   stage, and turns on unverified packages (off by default since n8n 3.0);
 * - the install step itself, run here into the same layout under a temp folder.
 * Every suite with a real n8n (e2e, queue, browser; 1.x and 2.x) installs the package with the
 * same script (scripts/n8n/packageInstall.js), so n8n loading what it lays out is proven there.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { DockerfileParser, type Instruction } from 'dockerfile-ast';
import { validate } from 'dockerfile-utils';

import { npmEnv } from '../../scripts/n8n/env';

const REPO = path.resolve(__dirname, '../..');
const DOCKERFILE = readFileSync(path.join(REPO, 'docker', 'Dockerfile'), 'utf8');
const SCRIPT = path.join(REPO, 'docker', 'install-nodes.sh');
const NODES = '/home/node/.n8n/nodes';

const args = (i: Instruction) => i.getArguments().map((a) => a.getValue());
/** An instruction as written, flags included, on one line. */
const text = (i: Instruction) => i.getTextContent().replace(/\s+/g, ' ').trim();

/** The stages, each as the list of its instructions, in order. */
function stages(source: string) {
	const file = DockerfileParser.parse(source);
	return file.getFROMs().map((from) => {
		const start = from.getRange().start.line;
		const next = file.getFROMs().find((f) => f.getRange().start.line > start);
		const end = next ? next.getRange().start.line : Infinity;
		return {
			from,
			name: from.getBuildStage(),
			image: from.getImageName(),
			tag: from.getImageTag(),
			instructions: file
				.getInstructions()
				.filter((i) => i.getRange().start.line > start && i.getRange().start.line < end),
		};
	});
}

describe('docker/Dockerfile', () => {
	test('lints clean, and the linter does flag a broken line', () => {
		expect(validate(DOCKERFILE)).toEqual([]);
		const broken = validate(DOCKERFILE.replace('COPY --from=', 'COPY --form='));
		expect(broken.map((d) => d.message)).toEqual(['Unknown flag: form']);
	});

	test('builds on n8n 3.4.4 by default, any n8n image by N8N_VERSION', () => {
		const file = DockerfileParser.parse(DOCKERFILE);
		const firstFrom = file.getFROMs()[0].getRange().start.line;
		const defaults = Object.fromEntries(
			file
				.getInstructions()
				.filter((i) => i.getRange().start.line < firstFrom && i.getKeyword() === 'ARG')
				.map((i) => args(i)[0].split('=')),
		);
		expect(defaults).toEqual({ N8N_VERSION: '3.4.4', NODE_IMAGE: 'node:22-alpine' });
		const last = stages(DOCKERFILE).at(-1)!;
		expect([last.from.getRegistry(), last.image, last.tag]).toEqual([
			'docker.n8n.io',
			'n8nio/n8n',
			'${N8N_VERSION}',
		]);
	});

	test('the install stage runs install-nodes.sh into the folder the n8n stage copies, and nothing else', () => {
		const [install, n8n] = stages(DOCKERFILE);
		expect(install.name).toBe('nodes');
		expect(install.instructions.map(text)).toEqual([
			'ARG PACKAGE=n8n-nodes-voice-agent',
			'USER node',
			'COPY --chown=node:node . /tmp/voice-agent/',
			`ENV N8N_NODES_DIR=${NODES}`,
			'RUN sh /tmp/voice-agent/install-nodes.sh "${PACKAGE}"',
		]);
		expect(n8n.instructions.map(text)).toEqual([
			`COPY --from=nodes --chown=node:node ${NODES} ${NODES}`,
			'ENV N8N_UNVERIFIED_PACKAGES_ENABLED=true',
		]);
	});
});

describe("docker/install-nodes.sh, the install step, into n8n's layout under a temp folder", () => {
	let root: string;
	let tarball: string;

	beforeAll(() => {
		root = mkdtempSync(path.join(tmpdir(), 'voice-agent-docker-'));
		// A stand-in of the package (the real one, built and packed, is installed by the same
		// script in every suite with a real n8n): its name, an n8n block, one dist file; no
		// peer dependency, so that npm asks the registry nothing.
		const pkg = path.join(root, 'pkg');
		mkdirSync(path.join(pkg, 'dist'), { recursive: true });
		writeFileSync(
			path.join(pkg, 'package.json'),
			JSON.stringify({
				name: 'n8n-nodes-voice-agent',
				version: '9.9.9',
				files: ['dist'],
				n8n: { n8nNodesApiVersion: 1, nodes: ['dist/A.node.js'] },
			}),
		);
		writeFileSync(path.join(pkg, 'dist', 'A.node.js'), 'module.exports = {};\n');
		const out = execFileSync('npm', ['pack', '--json', '--pack-destination', root], {
			cwd: pkg,
			env: npmEnv(),
		}).toString();
		tarball = path.join(root, JSON.parse(out.slice(out.indexOf('[')))[0].filename);
	});
	afterAll(() => rmSync(root, { recursive: true, force: true }));

	const run = (env: NodeJS.ProcessEnv, what?: string) =>
		execFileSync('sh', [SCRIPT, ...(what ? [what] : [])], {
			env: { ...npmEnv(), ...env },
		}).toString();

	test('as the Dockerfile runs it (N8N_NODES_DIR): the package where n8n loads it, and recorded', () => {
		const nodes = path.join(root, 'image', NODES);
		expect(run({ N8N_NODES_DIR: nodes }, tarball)).toContain(
			`n8n-nodes-voice-agent installed into ${nodes}`,
		);
		const installed = path.join(nodes, 'node_modules', 'n8n-nodes-voice-agent');
		expect(JSON.parse(readFileSync(path.join(installed, 'package.json'), 'utf8')).version).toBe(
			'9.9.9',
		);
		expect(existsSync(path.join(installed, 'dist', 'A.node.js'))).toBe(true);
		const manifest = JSON.parse(readFileSync(path.join(nodes, 'package.json'), 'utf8'));
		expect(Object.keys(manifest.dependencies)).toEqual(['n8n-nodes-voice-agent']);
		// A later npm install in the folder (n8n installing another package does one) keeps it.
		execFileSync('npm', ['install', '--ignore-scripts', '--no-audit', '--no-fund'], {
			cwd: nodes,
			env: npmEnv(),
		});
		expect(existsSync(path.join(installed, 'package.json'))).toBe(true);
	});

	test('by hand in a running container (no N8N_NODES_DIR): into ~/.n8n/nodes', () => {
		const home = path.join(root, 'home');
		mkdirSync(home);
		run({ HOME: home, N8N_NODES_DIR: undefined }, tarball);
		expect(
			existsSync(path.join(home, '.n8n', 'nodes', 'node_modules', 'n8n-nodes-voice-agent')),
		).toBe(true);
	});

	test('what does not install fails the step, naming it', () => {
		const nodes = path.join(root, 'bad');
		const fake = path.join(root, 'other.tgz');
		writeFileSync(fake, 'not a tarball');
		expect(() => run({ N8N_NODES_DIR: nodes }, fake)).toThrow(/Command failed: sh .*other\.tgz/);
	});
});
