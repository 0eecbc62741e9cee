// Runs before each test file. n8n-core reads its settings folder on load: keep it in a
// temporary folder, not the home folder (afterEnv.ts removes it when the file is done).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

if (!process.env.N8N_USER_FOLDER) {
	process.env.N8N_USER_FOLDER = mkdtempSync(path.join(tmpdir(), 'voice-agent-test-'));
	process.env.VOICE_AGENT_TEST_TMP = process.env.N8N_USER_FOLDER;
}
process.env.N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS = 'false';
process.env.N8N_DIAGNOSTICS_ENABLED = 'false';
