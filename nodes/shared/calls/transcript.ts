/**
 * Transcripts arrive as a JSON-encoded string of turns (history, live call details) or as
 * an array (call details as documented). Each turn has one speaker key, `bot` or `user`;
 * live turns may carry extra keys (message_id, timestamp), which are kept aside.
 */
export interface Turn {
	speaker: 'bot' | 'user';
	text: string;
}

export interface DecodedTranscript {
	turns: Turn[];
	text: string;
}

const SPEAKERS = ['bot', 'user'] as const;
const LABEL: Record<Turn['speaker'], string> = { bot: 'Assistant', user: 'Caller' };

function toArray(raw: unknown): unknown[] {
	if (Array.isArray(raw)) return raw;
	if (typeof raw === 'string' && raw.trim() !== '') {
		try {
			const parsed: unknown = JSON.parse(raw);
			return Array.isArray(parsed) ? parsed : [];
		} catch {
			return [];
		}
	}
	return [];
}

export function decodeTranscript(raw: unknown): DecodedTranscript {
	const turns: Turn[] = [];
	for (const entry of toArray(raw)) {
		if (!entry || typeof entry !== 'object') continue;
		const obj = entry as Record<string, unknown>;
		for (const speaker of SPEAKERS) {
			if (typeof obj[speaker] === 'string') turns.push({ speaker, text: obj[speaker] as string });
		}
	}
	return { turns, text: renderTranscript(turns) };
}

export function renderTranscript(turns: Turn[]): string {
	return turns.map((t) => `${LABEL[t.speaker]}: ${t.text}`).join('\n');
}
