/** Display Name: edit_agent_display_name with the text, trimmed; blank text or text that is not text is refused. */
import { textRefusals, textsGoThrough } from '../../../helpers/editEach';

test('any text that is not blank: sent trimmed', () =>
	textsGoThrough(
		'updateDisplayName',
		'displayName',
		'edit_agent_display_name',
		'agent_display_name',
	));

test('blank, or not text, is refused before any request', () =>
	textRefusals('updateDisplayName', 'displayName', 'Display Name'));
